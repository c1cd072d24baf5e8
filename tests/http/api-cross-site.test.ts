import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { action as createSegment, loader as listSegments } from "#app/routes/api/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, ORIGIN, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// A page on another origin that the signed-in browser visits: its requests carry the
// session cookie (same site, or a browser without SameSite) and its own Origin.
const FOREIGN = "https://attacker.example";

async function segmentNames(token: string): Promise<string[]> {
  const response = await respond(() =>
    listSegments(routeArgs(new Request(`${ORIGIN}/api/segments`, { headers: bearer(token) }))),
  );
  return ((await response.json()) as { data: { name: string }[] }).data.map((segment) => segment.name);
}

function postSegment(headers: Record<string, string>, body = JSON.stringify({ name: "Made elsewhere" })) {
  return respond(() =>
    createSegment(routeArgs(new Request(`${ORIGIN}/api/segments`, { method: "POST", headers, body }))),
  );
}

describe("state-changing API calls signed in by the session cookie", () => {
  test("from a foreign Origin: 403 with a message, and nothing is created", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);

    const response = await postSegment({ Cookie: cookie, Origin: FOREIGN, "Content-Type": "application/json" });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message:
        "Cross-origin request refused: a call signed in with the browser's session cookie must come from Murmur's own pages. API clients send Authorization: Bearer <token>.",
    });
    expect(await segmentNames(user.token)).toEqual([]);
  });

  test("a text/plain body, which a cross-site form can send without asking, is refused even from the same origin", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);

    const response = await postSegment({ Cookie: cookie, Origin: ORIGIN, "Content-Type": "text/plain" });

    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: "Send the request body as JSON, with Content-Type: application/json.",
    });
    expect(await segmentNames(user.token)).toEqual([]);
  });

  test("without Origin, Sec-Fetch-Site decides: same-site (a sibling subdomain) or nothing at all is refused", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);

    const sameSite = await postSegment({
      Cookie: cookie,
      "Sec-Fetch-Site": "same-site",
      "Content-Type": "application/json",
    });
    const unknown = await postSegment({ Cookie: cookie, "Content-Type": "application/json" });
    const sameOrigin = await postSegment({
      Cookie: cookie,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/json",
    });

    expect([sameSite.status, unknown.status, sameOrigin.status]).toEqual([403, 403, 201]);
    expect(await segmentNames(user.token)).toEqual(["Made elsewhere"]);
  });

  test("Murmur's own pages (same origin, JSON) create the segment", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);

    const response = await postSegment({
      Cookie: cookie,
      Origin: ORIGIN,
      "Content-Type": "application/json; charset=utf-8",
    });

    expect(response.status).toBe(201);
    expect(await segmentNames(user.token)).toEqual(["Made elsewhere"]);
  });

  test("the Origin that APP_URL names is accepted when the request arrives under another host (a load balancer's)", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);
    const previous = process.env.APP_URL;
    process.env.APP_URL = "https://murmur.example.com";
    try {
      const response = await postSegment({
        Cookie: cookie,
        Origin: "https://murmur.example.com",
        "Content-Type": "application/json",
      });
      expect(response.status).toBe(201);
    } finally {
      if (previous === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = previous;
    }
  });

  test("the browser's chunked CSV import, as app/components/csv-import sends it, still works", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);
    const body = JSON.stringify({
      importId: crypto.randomUUID(),
      chunkIndex: 0,
      final: true,
      contacts: [{ email: "ada@example.com" }],
    });

    const response = await respond(() =>
      importContacts(
        routeArgs(
          new Request(`${ORIGIN}/api/contacts/import`, {
            method: "POST",
            headers: {
              Cookie: cookie,
              Origin: ORIGIN,
              "Sec-Fetch-Site": "same-origin",
              "Content-Type": "application/json",
              Accept: "application/json",
            },
            body,
          }),
        ),
      ),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 1 });
  });

  test("reading with the cookie from anywhere is unchanged (the browser keeps the answer from a foreign page)", async () => {
    const user = await createSignedInUser();
    const cookie = await sessionCookieHeader(user.token);

    const response = await respond(() =>
      listSegments(routeArgs(new Request(`${ORIGIN}/api/segments`, { headers: { Cookie: cookie, Origin: FOREIGN } }))),
    );

    expect(response.status).toBe(200);
  });
});

describe("API calls with a Bearer token", () => {
  test("need no Origin and no JSON content type, as before", async () => {
    const user = await createSignedInUser();

    const response = await postSegment({
      ...(bearer(user.token) as Record<string, string>),
      "Content-Type": "text/plain",
    });

    expect(response.status).toBe(201);
    expect(await segmentNames(user.token)).toEqual(["Made elsewhere"]);
  });
});
