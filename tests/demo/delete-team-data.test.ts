import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { deleteTeamData } from "#server/demo/delete-team-data.ts";
import { createEventPartitionsAhead } from "#server/retention/event-partitions.ts";
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
});
