import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import * as searchResults from "#app/routes/dashboard/search-results.ts";
import { getDb } from "#db/database.ts";
import { indexQueuedContacts, searchHaystack } from "#server/contacts/search-index.ts";
import { type SearchIndexer, startSearchIndexer } from "#server/contacts/search-indexer.ts";
import { createSignedInUser } from "../factories.ts";
import { getRequest, sessionCookieHeader } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { postImport } from "./post-import.ts";

// What the top bar search shows for `q`, as the browser asks for it while typing.
async function topBarContacts(token: string, q: string): Promise<string[]> {
  const request = getRequest(`/dashboard/search/results?q=${encodeURIComponent(q)}`, {
    Cookie: await sessionCookieHeader(token),
  });
  const response = await serveDashboard(searchResults.loader as never, request);
  expect(response.status).toBe(200);
  return ((await response.json()) as { contacts: { title: string }[] }).contacts.map((hit) => hit.title);
}

async function queuedFor(teamId: string): Promise<number> {
  const row = await getDb()
    .selectFrom("contactSearchQueue")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("teamId", "=", teamId)
    .executeTakeFirstOrThrow();
  return row.n;
}

let indexer: SearchIndexer | undefined;
afterEach(async () => {
  await indexer?.stop();
  indexer = undefined;
});

describe("the search index during an import", () => {
  test("an import's last chunk is findable as soon as it is answered, and indexed without waiting for the indexer's next look", async () => {
    // An hour between looks: nothing in this test waits for one.
    indexer = startSearchIndexer(getDb(), { idleMs: 3_600_000 });
    await indexer.settled();
    const user = await createSignedInUser();
    const guests = Array.from({ length: 20 }, (_, i) => ({ name: `Guest ${i}`, email: `guest${i}@example.com` }));
    const first = await postImport(user.token, { contacts: guests, final: false });
    expect(first.status).toBe(200);
    // The chunk woke the first lane's indexer as it committed, and it took the contacts
    // of every lane: none of the chunk is left for after the import.
    await indexer.settled();
    expect(await queuedFor(user.teamId)).toBe(0);
    const indexed = await getDb()
      .selectFrom("contactSearch")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("teamId", "=", user.teamId)
      .executeTakeFirstOrThrow();
    expect(indexed.n).toBe(guests.length);
    const last = await postImport(user.token, {
      importId: first.body.importId,
      chunkIndex: 1,
      firstRow: 22,
      afterPrevious: true,
      final: true,
      contacts: [{ name: "Wilhelmina Quokka", email: "wq@example.com" }],
    });
    expect(last.status).toBe(200);
    expect(last.body.totals).toMatchObject({ imported: 21, status: "completed" });

    // Right after the answer, before anything else has run.
    expect(await topBarContacts(user.token, "quokka")).toEqual(["Wilhelmina Quokka"]);

    // Closing the import woke every lane: once they are done, nothing waits in the queue.
    await indexer.settled();
    expect(await queuedFor(user.teamId)).toBe(0);
    expect(await topBarContacts(user.token, "QUOKKA")).toEqual(["Wilhelmina Quokka"]);
    expect(await topBarContacts(user.token, "guest 1")).toHaveLength(5);
  });

  test("the indexed text is the text a search checks on the contact row, accents folded the same way", async () => {
    const user = await createSignedInUser();
    const names = [
      "Zoë Brontë",
      "Jiří Dvořák",
      "Łukasz Żółć",
      "àáâãäåāăą çćč ď èéêëēėęě ìíîïīį ł ñńň òóôõöøōő ř śšş ť ùúûüūůűų ýÿ źżž",
      "Nguyễn Mặt",
      "李 王",
      "Олена Шевченко",
      'O\'Brien "Ace" \\ Jones',
    ];
    const contacts = names.map((name, i) => ({ name, email: `p${i}@example.com`, phone: i % 2 ? "+33612345678" : "" }));
    expect((await postImport(user.token, { contacts })).status).toBe(200);
    while ((await indexQueuedContacts(getDb())) > 0);

    const differing = await sql<{ haystack: string }>`
      select s.haystack from contact_search s join contacts c on c.id = s.contact_id
      where s.team_id = ${user.teamId} and s.haystack is distinct from ${searchHaystack("c")}
    `.execute(getDb());
    expect(differing.rows).toEqual([]);
    const indexed = await getDb()
      .selectFrom("contactSearch")
      .select("haystack")
      .where("teamId", "=", user.teamId)
      .execute();
    expect(indexed).toHaveLength(names.length);
    expect(indexed.map((row) => row.haystack)).toContain("zoe bronte p0@example.com ");
    expect(await topBarContacts(user.token, "jiri dvorak")).toEqual(["Jiří Dvořák"]);
  });
});
