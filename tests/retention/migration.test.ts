import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import type { Database } from "#db/database.ts";
import { down, up } from "#migrations/2026-11-24T1420-events-by-month.ts";
import { createUser } from "../factories.ts";
import { thenRollBack } from "./roll-back.ts";
import { trackAt } from "./stored-events.ts";

const TIMES = [
  new Date("1970-01-01T00:00:00Z"), // a client without a clock: more than ten years back
  new Date("2025-02-28T23:59:59.999Z"),
  new Date("2025-03-01T00:00:00Z"),
  new Date(Date.now() - 60_000),
];

async function storedRows(trx: Database, teamId: string) {
  const { rows } = await sql<{ messageId: string; partition: string }>`
    select message_id as "messageId", tableoid::regclass::text as partition from events
    where team_id = ${teamId} order by occurred_at
  `.execute(trx);
  return rows;
}

describe("the migration to month partitions", () => {
  test("moves an existing install's events into their months, and keeps every messageId for dedup", async () => {
    const { teamId } = await createUser();
    await trackAt(teamId, TIMES);

    await thenRollBack(async (trx) => {
      // The install as it was before the migration: one table, the dedup key its primary key.
      await down(trx);
      const before = await storedRows(trx, teamId);
      expect(before.map((row) => row.partition)).toEqual(["events", "events", "events", "events"]);

      await up(trx);

      const month = (time: Date) => `events_${time.toISOString().slice(0, 7).replace("-", "_")}`;
      expect(await storedRows(trx, teamId)).toEqual([
        { messageId: before[0]!.messageId, partition: "events_default" },
        { messageId: before[1]!.messageId, partition: "events_2025_02" },
        { messageId: before[2]!.messageId, partition: "events_2025_03" },
        { messageId: before[3]!.messageId, partition: month(TIMES[3]!) },
      ]);
      const { rows } = await sql<{ messageId: string }>`
        select message_id as "messageId" from event_message_ids where team_id = ${teamId} order by message_id
      `.execute(trx);
      expect(rows.map((row) => row.messageId)).toEqual(before.map((row) => row.messageId).sort());
    });
  });
});
