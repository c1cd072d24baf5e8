import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { enterSegmentMembers } from "#server/journeys/engine/enter-contacts.ts";
import { addContactsToSegment } from "#server/segments/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { addContacts, staticSegment } from "../delivery/fixtures.ts";
import { postImport } from "../contacts/post-import.ts";
import { ownerAccess } from "../team-access.ts";
import { newId } from "#db/ids.ts";
import { identify, runsOf, statsOf, track } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// Entries that are not events: a contact created (identify, import) and a contact
// added to a static segment, each in the transaction that writes it.

const steps = [{ id: "pause", type: "wait" as const, seconds: 60 }];

describe("entries as contacts are written", () => {
  test("a contact created by an identify call or an import enters; one that already existed does not", async () => {
    const user = await createSignedInUser();
    await addContacts(user.teamId, [{ email: "old@murmur.test" }]);
    const journeyId = await liveJourney(user.teamId, { entry: { type: "contact_created" }, steps });
    await identify(user.teamId, "u-new", { email: "fresh@murmur.test" });
    await identify(user.teamId, "u-new", { name: "Fresh" });
    const imported = await postImport(user.token, {
      contacts: [
        { name: "Old", email: "OLD@murmur.test" },
        { name: "Imported", email: "imported@murmur.test" },
      ],
    });
    expect(imported.body).toMatchObject({ imported: 1, updated: 1 });
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status])).toEqual([
      ["fresh@murmur.test", "active"],
      ["imported@murmur.test", "active"],
    ]);
    expect((await statsOf(journeyId))["@entry"]).toMatchObject({ entered: 2 });
  });

  test("contacts added to a static segment enter its journey; members already in it, and other segments, do not", async () => {
    const user = await createSignedInUser();
    const [a, b, c] = await addContacts(user.teamId, [
      { email: "a@murmur.test" },
      { email: "b@murmur.test" },
      { email: "c@murmur.test" },
    ]);
    const vip = await staticSegment(user.teamId, [a!], "VIP");
    const other = await staticSegment(user.teamId, [], "Other");
    const journeyId = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: vip }, steps });
    const access = await ownerAccess(user.teamId);
    await addContactsToSegment(getDb(), { access, segmentId: vip, contactIds: [a!, b!] });
    await addContactsToSegment(getDb(), { access, segmentId: other, contactIds: [c!] });
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["b@murmur.test"]);
  });

  test("an import's worth of contacts joining a list enter together, holding a bounded number of entry locks", async () => {
    const user = await createSignedInUser();
    const contactIds = await addContacts(
      user.teamId,
      Array.from({ length: 3000 }, () => ({})),
    );
    const list = await staticSegment(user.teamId, [], "Everyone");
    const journeyId = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: list }, steps });
    const locks = await getDb()
      .transaction()
      .execute(async (trx) => {
        await enterSegmentMembers(trx, { teamId: user.teamId, segmentId: list, contactIds });
        const { rows } = await sql<{ held: number }>`
          select count(*)::int as held from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`.execute(
          trx,
        );
        return rows[0]!.held;
      });
    // A lock per contact ran PostgreSQL's shared lock table out of memory at 20,000 (its default size).
    expect(locks).toBeLessThanOrEqual(1024);
    expect((await statsOf(journeyId))["@entry"]).toMatchObject({ entered: 3000 });
  });

  test("a filter segment's journey is entered as the writes that can change it happen: attributes, then events it counts", async () => {
    const user = await createSignedInUser();
    const segment = async (conditions: unknown[]) => {
      const id = newId();
      await getDb()
        .insertInto("segments")
        .values({
          id,
          teamId: user.teamId,
          name: "Filter",
          kind: "filter",
          filter: JSON.stringify({ type: "group", combinator: "and", conditions }),
        })
        .execute();
      return id;
    };
    const pro = await segment([{ type: "attribute", key: "plan", operator: "equals", value: "pro" }]);
    const buyers = await segment([
      {
        type: "event",
        operator: "performed",
        event: "Purchase",
        frequency: "at_least",
        times: 2,
        window: { type: "any_time" },
        properties: [],
      },
    ]);
    const proJourney = await liveJourney(user.teamId, {
      entry: { type: "segment", segmentId: pro },
      reentry: { mode: "every_time" },
      steps,
    });
    const buyersJourney = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: buyers }, steps });

    await identify(user.teamId, "zoe", { email: "zoe@murmur.test", plan: "free" });
    expect(await runsOf(proJourney)).toHaveLength(0);
    await identify(user.teamId, "zoe", { plan: "pro" });
    // Still matching, still inside: no second run even though the journey takes contacts every time.
    await identify(user.teamId, "zoe", { plan: "pro", seats: 3 });
    expect((await runsOf(proJourney)).map((r) => r.email)).toEqual(["zoe@murmur.test"]);

    await track(user.teamId, "zoe", "Purchase");
    await track(user.teamId, "zoe", "Page Viewed");
    expect(await runsOf(buyersJourney)).toHaveLength(0);
    await track(user.teamId, "zoe", "Purchase");
    expect((await runsOf(buyersJourney)).map((r) => r.email)).toEqual(["zoe@murmur.test"]);
  });
});
