import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { getDb } from "#db/database.ts";
import { indexQueuedContacts } from "#server/contacts/search-index.ts";
import { forgetKeyShares } from "#server/contacts/search-key-shares.ts";
import { planSearch } from "#server/contacts/search.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

type Page = {
  data: { name: string | null; email: string }[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
};

async function search(token: string, query: string): Promise<Page> {
  const response = await respond(() =>
    listContacts(routeArgs(getRequest(`/api/contacts?search=${encodeURIComponent(query)}`, bearer(token)))),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("searching for a word many contacts share, once the index has statistics", () => {
  test("finds the same contacts whether the index is asked for the word or the texts are read", async () => {
    const user = await createSignedInUser();
    const contacts = [
      ...Array.from({ length: 1_500 }, (_, i) => ({ name: `Marlowe ${i}`, email: `m${i}@marlowe.example` })),
      { name: "Quentin Zyxwvu", email: "qz@example.com" },
    ];
    const imported = await respond(() =>
      importContacts(routeArgs(jsonRequest("/api/contacts/import", { contacts }, { headers: bearer(user.token) }))),
    );
    expect(imported.status).toBe(200);
    while ((await indexQueuedContacts(getDb())) > 0);
    await sql`analyze contact_search`.execute(getDb());
    forgetKeyShares();

    // Every key of "marlowe" is in a large share of the indexed contacts: the texts are read instead of the index.
    expect((await planSearch(getDb(), "%marlowe%")).keys).toBeNull();
    const common = await search(user.token, "MARLOWE");
    expect(common).toMatchObject({ total: 1_000, totalCapped: true });
    expect(common.data).toHaveLength(50);
    for (const contact of common.data) expect(contact.name).toMatch(/^Marlowe \d+$/);
    expect((await search(user.token, "marlowe 1499")).data.map((c) => c.email)).toEqual(["m1499@marlowe.example"]);

    // A rare word is still found through the index, by its rare keys.
    expect((await planSearch(getDb(), "%zyxwvu%")).keys).not.toBeNull();
    expect((await search(user.token, "zyxw")).data.map((c) => c.name)).toEqual(["Quentin Zyxwvu"]);
    expect((await search(user.token, "lowe 7 m7@marl")).data.map((c) => c.email)).toEqual(["m7@marlowe.example"]);
    expect((await search(user.token, "marlowf")).data).toEqual([]);
  });
});
