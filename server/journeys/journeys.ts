import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import type { JourneyDefinition, JourneyState } from "#shared/journeys/definition.ts";
import { requireValidDefinition } from "./validate-definition.ts";

export const JOURNEY_NOT_FOUND = "Journey not found.";

/** A journey as its page and the API show it: the draft definition, and whether it differs from the live version. */
export type JourneyView = {
  id: string;
  name: string;
  state: JourneyState;
  /** The version new contacts enter; null until the journey first goes live. */
  liveVersion: number | null;
  /** The draft has edits the live version lacks: "Publish changes" would make the next version. */
  hasUnpublishedChanges: boolean;
  definition: JourneyDefinition;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  stoppedAt: Date | null;
};

/** What a name and a definition change into: the input of create and update, as JourneyInputSchema parses it. */
export type JourneyChange = { name: string; definition: JourneyDefinition };

function journeyQuery(db: Database, teamId: string) {
  return db
    .selectFrom("journeys")
    .select([
      "journeys.id",
      "journeys.name",
      sql<JourneyState>`journeys.state`.as("state"),
      "journeys.liveVersion",
      sql<JourneyDefinition>`journeys.definition`.as("definition"),
      // jsonb equality ignores key order and whitespace: only a real edit counts.
      sql<boolean>`coalesce(journeys.definition <> (
        select v.definition from journey_versions v
        where v.journey_id = journeys.id and v.version = journeys.live_version
      ), false)`.as("hasUnpublishedChanges"),
      "journeys.createdAt",
      "journeys.updatedAt",
      "journeys.startedAt",
      "journeys.stoppedAt",
    ])
    .where("journeys.teamId", "=", teamId);
}

/**
 * One journey of the team. An unknown id, a malformed one and another team's are
 * all NOT_FOUND ("Journey not found."), never a database error.
 */
export async function getJourney(db: Database, options: { teamId: string; journeyId: string }): Promise<JourneyView> {
  if (!isWellFormedId(options.journeyId)) throw new AppError("NOT_FOUND", JOURNEY_NOT_FOUND);
  const row = await journeyQuery(db, options.teamId).where("journeys.id", "=", options.journeyId).executeTakeFirst();
  return requireFound(row, JOURNEY_NOT_FOUND);
}

/**
 * A new journey, in draft: nothing enters it until it is started. The definition is
 * checked beyond its schema first (the entry segment is the team's, each message's
 * Liquid renders), so a draft that is saved can be started as it is.
 */
export async function createJourney(
  db: Database,
  options: { access: TeamAccess; input: JourneyChange },
): Promise<JourneyView> {
  authorize(options.access, "journeys.write");
  const { access, input } = options;
  await requireValidDefinition(db, { teamId: access.teamId, definition: input.definition });
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("journeys")
      .values({
        id,
        teamId: access.teamId,
        name: input.name,
        definition: JSON.stringify(input.definition),
        createdBy: access.actor.kind === "person" ? access.actor.userId : null,
      })
      .execute();
    await recordAudit(trx, {
      access,
      action: "journey.created",
      target: { kind: "journey", id, label: input.name },
      details: { entry: input.definition.entry.type },
    });
  });
  return getJourney(db, { teamId: access.teamId, journeyId: id });
}

/**
 * Replaces a journey's name and draft definition. A live or paused journey's
 * contacts stay on the version they entered: the edit waits in the draft until
 * it is published. A stopped journey is finished and no longer changes (409).
 */
export async function updateJourney(
  db: Database,
  options: { access: TeamAccess; journeyId: string; input: JourneyChange },
): Promise<JourneyView> {
  authorize(options.access, "journeys.write");
  const { access, input } = options;
  const current = await getJourney(db, { teamId: access.teamId, journeyId: options.journeyId });
  if (current.state === "stopped")
    throw new AppError("CONFLICT", "This journey is stopped and can no longer be edited.");
  await requireValidDefinition(db, { teamId: access.teamId, definition: input.definition });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("journeys")
      .set({ name: input.name, definition: JSON.stringify(input.definition), updatedAt: new Date() })
      .where("id", "=", current.id)
      .where("teamId", "=", access.teamId)
      .execute();
    await recordAudit(trx, {
      access,
      action: "journey.edited",
      target: { kind: "journey", id: current.id, label: input.name },
      details: { state: current.state },
    });
  });
  return getJourney(db, { teamId: access.teamId, journeyId: current.id });
}

/**
 * Deletes a draft or stopped journey with its versions, runs and figures. A live or
 * paused one has contacts inside it and must be stopped first (409), so nobody is
 * dropped mid-journey without the stop that finishes their runs.
 */
export async function deleteJourney(db: Database, options: { access: TeamAccess; journeyId: string }): Promise<void> {
  authorize(options.access, "journeys.write");
  const { access } = options;
  const current = await getJourney(db, { teamId: access.teamId, journeyId: options.journeyId });
  if (current.state === "live" || current.state === "paused")
    throw new AppError("CONFLICT", `This journey is ${current.state}. Stop it before deleting it.`);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("journeys")
      .where("id", "=", current.id)
      .where("teamId", "=", access.teamId)
      .where("state", "in", ["draft", "stopped"])
      .returning("id")
      .executeTakeFirst();
    // Started between the read and the delete: refuse rather than drop its contacts.
    if (!deleted) throw new AppError("CONFLICT", "This journey was started meanwhile. Stop it before deleting it.");
    // No foreign key cascades to the runs (an entry would check it for every contact).
    await trx.deleteFrom("journeyRuns").where("journeyId", "=", current.id).execute();
    await recordAudit(trx, {
      access,
      action: "journey.deleted",
      target: { kind: "journey", id: current.id, label: current.name },
    });
  });
}
