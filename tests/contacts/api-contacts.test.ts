import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

type Page = {
  data: { id: string; name: string | null; email: string; phone: string | null; createdAt: string }[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
};

async function seed(token: string, contacts: { name?: string; email: string; phone?: string }[]) {
  const response = await respond(() =>
    importContacts(routeArgs(jsonRequest("/api/contacts/import", { contacts }, { headers: bearer(token) }))),
  );
  expect(response.status).toBe(200);
}

async function page(token: string, query = "") {
  const response = await respond(() => listContacts(routeArgs(getRequest(`/api/contacts${query}`, bearer(token)))));
  return { status: response.status, body: (await response.json()) as Page & { message?: string } };
}

describe("GET /api/contacts", () => {
  test("pages by keyset through every contact once, newest first, with the total", async () => {
    const user = await createSignedInUser();
    await seed(
      user.token,
      Array.from({ length: 120 }, (_, i) => ({ email: `person${i}@example.com` })),
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const { body } = await page(user.token, query);
      expect(body.total).toBe(120);
      seen.push(...body.data.map((c) => c.email));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
  });

  test("searches name, email and phone case-insensitively, and filters on having a phone", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [
      { name: "Zoë Quartz", email: "zq@example.com", phone: "+14155550123" },
      { name: "Bob", email: "bob@QUARTZ.io" },
      { name: "Carol", email: "carol@example.com", phone: "+447700900123" },
      { name: "100%_match", email: "pct@example.com" },
    ]);

    const quartz = await page(user.token, "?search=QUARTZ");
    expect(quartz.body.data.map((c) => c.email).sort()).toEqual(["bob@QUARTZ.io", "zq@example.com"]);
    expect(quartz.body.total).toBe(2);

    const byPhone = await page(user.token, "?search=7700900");
    expect(byPhone.body.data.map((c) => c.email)).toEqual(["carol@example.com"]);

    // LIKE wildcards in the search are literal characters.
    const literal = await page(user.token, "?search=%25_");
    expect(literal.body.data.map((c) => c.email)).toEqual(["pct@example.com"]);

    const withPhone = await page(user.token, "?hasPhone=yes");
    expect(withPhone.body.data.map((c) => c.email).sort()).toEqual(["carol@example.com", "zq@example.com"]);
    const withoutPhone = await page(user.token, "?hasPhone=no");
    expect(withoutPhone.body.total).toBe(2);
  });

  test("another team's contacts are never listed", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    await seed(owner.token, [{ email: "private@example.com" }]);
    const { body } = await page(stranger.token, "?search=private");
    expect(body).toMatchObject({ data: [], total: 0, nextCursor: null });
  });

  test("bad parameters are a 400 that names them; no token is a 401", async () => {
    const user = await createSignedInUser();
    const badPhone = await page(user.token, "?hasPhone=maybe");
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toMatch(/hasPhone must be any, yes or no/);
    const badCursor = await page(user.token, "?cursor=not-a-cursor");
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toMatch(/cursor/);
    // Well-formed, but its time is not one PostgreSQL could have written.
    const forged = Buffer.from(JSON.stringify(["next tuesday", "018f0000-0000-7000-8000-000000000000"])).toString(
      "base64url",
    );
    const forgedCursor = await page(user.token, `?cursor=${forged}`);
    expect(forgedCursor.status).toBe(400);
    expect(forgedCursor.body.message).toMatch(/cursor/);
    const badLimit = await page(user.token, "?limit=0");
    expect(badLimit.status).toBe(400);

    const anonymous = await respond(() => listContacts(routeArgs(getRequest("/api/contacts"))));
    expect(anonymous.status).toBe(401);
  });
});
