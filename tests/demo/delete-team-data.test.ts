import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { readEventTrends } from "#server/analytics/event-trends.ts";
import { readPropertyValues } from "#server/analytics/property-values.ts";
import { deleteTeamData } from "#server/demo/delete-team-data.ts";
import { createEventPartitionsAhead } from "#server/retention/event-partitions.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { seedEvents } from "../events/seed.ts";
import { createUser } from "../factories.ts";
import { eventsWithPartition, trackAt } from "../retention/stored-events.ts";

describe("deleting a team's data", () => {
  test("takes every event of the team from every month partition and leaves other teams' rows at the same place in another", async () => {
    // Two new, empty months: each team's event is the first row of its own partition.
    await createEventPartitionsAhead(getDb(), { now: new Date("2046-01-01T00:00:00Z"), monthsAhead: 1 });
    const leaving = await createUser();
    const staying = await createUser();
    await trackAt(leaving.teamId, [new Date("2046-01-10T00:00:00Z")]);
    await trackAt(staying.teamId, [new Date("2046-02-10T00:00:00Z")]);
    await trackAt(leaving.teamId, [new Date("2046-02-11T00:00:00Z")]);

    await deleteTeamData(getDb(), { teamId: leaving.teamId });

    expect(await eventsWithPartition(leaving.teamId)).toEqual([]);
    expect((await eventsWithPartition(staying.teamId)).map((event) => event.partition)).toEqual(["events_2046_02"]);
  });

  test("takes the team's product event rollups, which no foreign key cascades, and leaves another team's figures", async () => {
    const leaving = await createUser();
    const staying = await createUser();
    const today = new Date().toISOString().slice(0, 10);
    for (const { teamId } of [leaving, staying]) {
      await seedEvents(teamId, [
        {
          type: "identify",
          name: null,
          userId: "user-1",
          properties: { email: "ada@example.com" },
          occurredAt: new Date(),
        },
        { name: "Report Exported", userId: "user-1", properties: { format: "csv" }, occurredAt: new Date() },
      ]);
    }
    await rollUpEvents();

    await deleteTeamData(getDb(), { teamId: leaving.teamId });

    const { rows } = await sql<{ rows: number }>`
      select (select count(*) from team_event_hourly where team_id = ${leaving.teamId})
        + (select count(*) from team_event_daily where team_id = ${leaving.teamId})
        + (select count(*) from team_event_daily_people where team_id = ${leaving.teamId})
        + (select count(*) from event_people_days where team_id = ${leaving.teamId})
        + (select count(*) from team_event_property_daily where team_id = ${leaving.teamId}) as rows
    `.execute(getDb());
    expect(Number(rows[0]!.rows)).toBe(0);
    const range = { teamId: staying.teamId, from: today, to: today };
    const trends = await readEventTrends(getDb(), { ...range, timeZone: "UTC" });
    expect(trends.map((t) => [t.name, t.total, t.days.at(-1)!.people])).toEqual([["Report Exported", 1, 1]]);
    expect(await readPropertyValues(getDb(), { ...range, names: null, property: "format" })).toEqual([
      { value: "csv", events: 1 },
    ]);
  });
});
