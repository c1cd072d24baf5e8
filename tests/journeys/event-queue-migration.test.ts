import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import type { Database } from "#db/database.ts";
import { down, up } from "#migrations/2026-11-30T0600-journey-queue-by-id.ts";
import { createUser } from "../factories.ts";
import { thenRollBack } from "../retention/roll-back.ts";
import { identify, ingestOnly } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

/** The team's queued batches as the worker would read them: the events each names, in order. */
async function queuedOf(trx: Database, teamId: string) {
  const { rows } = await sql<{ messageIds: string[]; attached: boolean }>`
    select array_agg(e.message_id order by q.n) as "messageIds", t.attached
    from journey_event_queue t
    cross join lateral unnest(t.event_ids, t.occurred_ats) with ordinality q(id, occurred_at, n)
    join events e on e.team_id = t.team_id and e.occurred_at = q.occurred_at and e.id = q.id
    where t.team_id = ${teamId}
    group by t.id, t.attached order by t.id`.execute(trx);
  return rows;
}

/** A team whose contact `userId` is known, with a live journey every Cart Updated enters: its events are queued. */
async function teamWithCartJourney(userId: string): Promise<string> {
  const { teamId } = await createUser();
  await identify(teamId, userId, { email: `${userId}@murmur.test` });
  await liveJourney(teamId, {
    entry: { type: "event", event: "Cart Updated", properties: [] },
    reentry: { mode: "every_time" },
    steps: [{ id: "pause", type: "wait", seconds: 60 }],
  });
  return teamId;
}

describe("the migration that makes the journey event queue name its events", () => {
  test("batches queued as documents before it name the same events, in the same order, after it", async () => {
    const teamId = await teamWithCartJourney("kim");
    await ingestOnly(teamId, [
      { userId: "kim", name: "Cart Updated", messageId: "cart-b", properties: { cart_id: "b" } },
      { userId: "kim", name: "Cart Updated", messageId: "cart-a", properties: { cart_id: "a" } },
    ]);
    // Browsing before signing in: identify attaches the event later, and it is queued as attached.
    await ingestOnly(teamId, [{ anonymousId: "browser-1", name: "Order Completed", messageId: "order-1" }]);
    await ingestOnly(teamId, [{ type: "identify", userId: "kim", anonymousId: "browser-1", properties: {} }]);

    await thenRollBack(async (trx) => {
      // In the order of their ids, which a batch's own order need not be.
      const queued = await queuedOf(trx, teamId);
      expect(queued.map((row) => ({ ...row, messageIds: row.messageIds.toSorted() }))).toEqual([
        { messageIds: ["cart-a", "cart-b"], attached: false },
        { messageIds: ["order-1"], attached: true },
      ]);

      await down(trx);
      const { rows: documents } = await sql<{ events: { messageId: string; attached: boolean }[] }>`
        select events from journey_event_queue where team_id = ${teamId} order by id`.execute(trx);
      expect(documents.map((row) => row.events.map((event) => [event.messageId, event.attached]))).toEqual(
        queued.map((row) => row.messageIds.map((messageId) => [messageId, row.attached])),
      );

      await up(trx);
      expect(await queuedOf(trx, teamId)).toEqual(queued);
    });
  });

  test("a batch whose events were deleted while it waited is dropped by the migration", async () => {
    const teamId = await teamWithCartJourney("rae");
    await ingestOnly(teamId, [{ userId: "rae", name: "Cart Updated" }]);

    await thenRollBack(async (trx) => {
      await down(trx);
      await sql`delete from events where team_id = ${teamId}`.execute(trx);
      await up(trx);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from journey_event_queue where team_id = ${teamId}`.execute(trx);
      expect(rows[0]!.n).toBe(0);
    });
  });
});
