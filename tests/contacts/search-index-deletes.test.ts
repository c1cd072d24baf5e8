import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { getDb } from "#db/database.ts";
import { indexQueuedContacts } from "#server/contacts/search-index.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// A contact deleted while it waits for the indexer (a team deleted just after an
// import, or a contact deleted after a change was queued) must not come back as an
// index entry when the indexer takes the queued rows later.

async function seed(token: string, contacts: { name?: string; email: string }[]) {
  const response = await respond(() =>
    importContacts(routeArgs(jsonRequest("/api/contacts/import", { contacts }, { headers: bearer(token) }))),
  );
  expect(response.status).toBe(200);
}

async function names(token: string, search: string): Promise<(string | null)[]> {
  const response = await respond(() =>
    listContacts(routeArgs(getRequest(`/api/contacts?search=${encodeURIComponent(search)}`, bearer(token)))),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { name: string | null }[] }).data.map((c) => c.name);
}

async function indexEverything() {
  while ((await indexQueuedContacts(getDb())) > 0) {
    // until the queue is empty
  }
}

async function indexEntries(teamId: string): Promise<string[]> {
  const rows = await getDb().selectFrom("contactSearch").select("haystack").where("teamId", "=", teamId).execute();
  return rows.map((row) => row.haystack);
}

describe("a deleted contact leaves no index entry", () => {
  test("a team deleted while its contacts wait for the indexer leaves nothing to index", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [
      { name: "Gone Soon", email: "gone@example.com" },
      { name: "Also Gone", email: "also@example.com" },
    ]);
    const db = getDb();
    await db.deleteFrom("teams").where("id", "=", user.teamId).execute();
    await indexEverything();
    expect(await indexEntries(user.teamId)).toEqual([]);
    const queued = await db
      .selectFrom("contactSearchQueue")
      .select("contactId")
      .where("teamId", "=", user.teamId)
      .execute();
    expect(queued).toEqual([]);
  });

  test("a contact deleted after a change was queued is not indexed again from that change", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [{ name: "Kept Name", email: "kept@example.com" }]);
    await indexEverything();
    await seed(user.token, [{ name: "Renamed Later", email: "kept@example.com" }]);
    const db = getDb();
    await db.deleteFrom("contacts").where("teamId", "=", user.teamId).execute();
    await indexEverything();
    expect(await indexEntries(user.teamId)).toEqual([]);
    expect(await names(user.token, "renamed")).toEqual([]);
  });
});
