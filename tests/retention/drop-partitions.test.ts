import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { dropUnkeptEventPartitions } from "#server/retention/drop-event-partitions.ts";
import { createEventPartitionsAhead, listEventPartitions } from "#server/retention/event-partitions.ts";
import { createUser } from "../factories.ts";
import { thenRollBack } from "./roll-back.ts";
import { trackAt } from "./stored-events.ts";

const NOW = new Date("2043-03-15T00:00:00Z");

describe("whole month partitions", () => {
  test("are dropped when every team keeps fewer months than their age; the month the oldest cutoff falls in stays", async () => {
    await createEventPartitionsAhead(getDb(), { now: new Date("2043-01-01T00:00:00Z"), monthsAhead: 1 });
    const { teamId } = await createUser();
    await createUser();
    await trackAt(teamId, [new Date("2043-02-20T00:00:00Z")]);

    await thenRollBack(async (trx) => {
      // One month for this team (its cutoff is 2043-02-15), twelve for the others: they keep from 2042-03-15.
      await trx.updateTable("teams").set({ eventRetentionMonths: 1 }).where("id", "=", teamId).execute();
      await trx.updateTable("teams").set({ eventRetentionMonths: 12 }).where("id", "!=", teamId).execute();
      expect(await dropUnkeptEventPartitions(trx, { now: NOW })).not.toContain("events_2043_01");

      // Every team keeps one month: January 2043 ends before every cutoff, February does not.
      await trx.updateTable("teams").set({ eventRetentionMonths: 1 }).execute();
      const dropped = await dropUnkeptEventPartitions(trx, { now: NOW });
      expect(dropped).toContain("events_2043_01");
      expect(dropped).not.toContain("events_2043_02");
      const { months } = await listEventPartitions(trx);
      expect(months.map((month) => month.table)).toContain("events_2043_02");
      expect(months.map((month) => month.table)).not.toContain("events_2043_01");
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from events where team_id = ${teamId}`.execute(trx);
      expect(rows[0]?.n).toBe(1);
    });
  });

  test("are never dropped while one team keeps its events forever", async () => {
    await createEventPartitionsAhead(getDb(), { now: new Date("2043-01-01T00:00:00Z"), monthsAhead: 1 });
    const { teamId } = await createUser();

    await thenRollBack(async (trx) => {
      await trx.updateTable("teams").set({ eventRetentionMonths: 1 }).execute();
      await trx.updateTable("teams").set({ eventRetentionMonths: null }).where("id", "=", teamId).execute();
      expect(await dropUnkeptEventPartitions(trx, { now: NOW })).toEqual([]);
    });
  });
});
