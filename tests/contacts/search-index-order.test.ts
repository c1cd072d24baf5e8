import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { getDb } from "#db/database.ts";
import { indexQueuedContacts } from "#server/contacts/search-index.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// The indexer takes each contact's text from the queue, not from the contact, and
// the queue is not read in the order it was written: these check that the text a
// search matches is always the contact's latest, and that a deleted contact's
// queued text never comes back as an index entry.

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

describe("the search index takes each contact's latest text", () => {
  test("an older queued text indexed after a newer one does not replace it", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [{ name: "Zoë Quartz", email: "zq@example.com" }]);
    await seed(user.token, [{ name: "Zoë Basalt", email: "zq@example.com" }]);
    // The first text's queue row is read after the second's, as happens when the
    // queue's freed space is reused: taken out, the rest indexed, then put back.
    const db = getDb();
    const older = await sql<{ row: string }>`
      delete from contact_search_queue
      where seq = (select min(seq) from contact_search_queue where team_id = ${user.teamId})
      returning to_jsonb(contact_search_queue)::text as row
    `.execute(db);
    expect(older.rows).toHaveLength(1);
    await indexEverything();
    expect(await names(user.token, "basalt")).toEqual(["Zoë Basalt"]);
    await sql`insert into contact_search_queue select * from jsonb_populate_record(null::contact_search_queue, ${older.rows[0]!.row}::jsonb)`.execute(
      db,
    );
    await indexEverything();

    expect(await names(user.token, "quartz")).toEqual([]);
    expect(await names(user.token, "basalt")).toEqual(["Zoë Basalt"]);
    expect(await indexEntries(user.teamId)).toEqual(["zoe basalt zq@example.com "]);
  });

  test("a contact queued twice and indexed in one batch gets its latest text", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [{ name: "Ada Lovelace", email: "ada@example.com" }]);
    await seed(user.token, [{ name: "Ada Byron", email: "ada@example.com" }]);
    await indexEverything();
    expect(await names(user.token, "lovelace")).toEqual([]);
    expect(await names(user.token, "byron")).toEqual(["Ada Byron"]);
    expect(await indexEntries(user.teamId)).toEqual(["ada byron ada@example.com "]);
  });
});

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
