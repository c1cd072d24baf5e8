import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { JourneyDefinitionSchema, type JourneyDefinition } from "#shared/journeys/definition.ts";

/**
 * Freezes a journey's draft into its next version (1 for the first) and makes that
 * the version new contacts enter, with the entry columns ingestion looks journeys up
 * by. Runs already inside keep the version they entered. Call it inside the
 * transaction that holds the journey's row lock, so two publishes cannot take one number.
 */
export async function publishNextVersion(
  trx: Database,
  options: { teamId: string; journeyId: string; definition: JourneyDefinition; now: Date },
): Promise<number> {
  // The stored draft passed this schema when saved; parsing again keeps a version
  // from ever holding a definition the engine cannot walk.
  const definition = JourneyDefinitionSchema.parse(options.definition);
  const { version } = await trx
    .insertInto("journeyVersions")
    .values((eb) => ({
      journeyId: options.journeyId,
      teamId: options.teamId,
      version: eb
        .selectFrom("journeyVersions")
        .select(sql<number>`coalesce(max(version), 0) + 1`.as("next"))
        .where("journeyId", "=", options.journeyId),
      definition: JSON.stringify(definition),
      createdAt: options.now,
    }))
    .returning("version")
    .executeTakeFirstOrThrow();
  const { entry } = definition;
  await trx
    .updateTable("journeys")
    .set({
      liveVersion: version,
      entryType: entry.type,
      entryEvent: entry.type === "event" ? entry.event : null,
      entrySegmentId: entry.type === "segment" ? entry.segmentId : null,
      updatedAt: options.now,
    })
    .where("id", "=", options.journeyId)
    .execute();
  return version;
}

/** A journey's versions, newest first, for its page: the number and when it went live. */
export async function listJourneyVersions(
  db: Database,
  options: { teamId: string; journeyId: string },
): Promise<{ version: number; createdAt: Date }[]> {
  return db
    .selectFrom("journeyVersions")
    .select(["version", "createdAt"])
    .where("journeyId", "=", options.journeyId)
    .where("teamId", "=", options.teamId)
    .orderBy("version", "desc")
    .execute();
}
