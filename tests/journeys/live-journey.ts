import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { type JourneyInput, JourneyInputSchema } from "#shared/journeys/definition.ts";
import { enterJourneysOnContactChanges } from "#server/journeys/engine/listen.ts";
import { forgetTeamJourneys } from "#server/journeys/engine/team-journeys.ts";

// As server/boot.ts does at start-up: contact writes enter journeys.
enterJourneysOnContactChanges();

/**
 * A journey of the team, live on version 1 of `definition`, written as going live
 * leaves it: the journey with its draft and denormalised entry, and the frozen
 * version. Returns its id. (The definitions work makes the real create and start
 * functions; this writes the same rows.)
 */
export async function liveJourney(teamId: string, input: Omit<JourneyInput, "name"> & { name?: string }) {
  const { name, definition } = JourneyInputSchema.parse({ name: "Journey", ...input });
  const id = newId();
  const entry = definition.entry;
  await getDb()
    .insertInto("journeys")
    .values({
      id,
      teamId,
      name,
      state: "live",
      definition: JSON.stringify(definition),
      liveVersion: 1,
      entryType: entry.type,
      entryEvent: entry.type === "event" ? entry.event : null,
      entrySegmentId: entry.type === "segment" ? entry.segmentId : null,
      startedAt: new Date(),
    })
    .execute();
  await getDb()
    .insertInto("journeyVersions")
    .values({ journeyId: id, version: 1, teamId, definition: JSON.stringify(definition) })
    .execute();
  forgetTeamJourneys(teamId);
  return id;
}

/** Publishes `input` as the journey's next version, as "Publish changes" does: new contacts enter it. */
export async function publishVersion(journeyId: string, input: Omit<JourneyInput, "name">) {
  const { definition } = JourneyInputSchema.parse({ name: "Journey", ...input });
  const journey = await getDb()
    .selectFrom("journeys")
    .select(["teamId", "liveVersion"])
    .where("id", "=", journeyId)
    .executeTakeFirstOrThrow();
  const version = (journey.liveVersion ?? 0) + 1;
  await getDb()
    .insertInto("journeyVersions")
    .values({ journeyId, version, teamId: journey.teamId, definition: JSON.stringify(definition) })
    .execute();
  await getDb()
    .updateTable("journeys")
    .set({ liveVersion: version, definition: JSON.stringify(definition) })
    .where("id", "=", journeyId)
    .execute();
  forgetTeamJourneys(journey.teamId);
  return version;
}

/** Sets the journey's state as the start, pause and stop buttons do. */
export async function setJourneyState(journeyId: string, state: "live" | "paused" | "stopped") {
  const row = await getDb()
    .updateTable("journeys")
    .set({ state, ...(state === "stopped" ? { stoppedAt: new Date() } : {}) })
    .where("id", "=", journeyId)
    .returning("teamId")
    .executeTakeFirstOrThrow();
  forgetTeamJourneys(row.teamId);
}
