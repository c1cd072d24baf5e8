import type { Database } from "#db/database.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import type { AuditAction } from "#shared/audit/actions.ts";
import type { JourneyDefinition, JourneyState } from "#shared/journeys/definition.ts";
import { getJourney, JOURNEY_NOT_FOUND, type JourneyView } from "./journeys.ts";
import { requireValidDefinition } from "./validate-definition.ts";
import { publishNextVersion } from "./versions.ts";

/*
 * A journey's states: draft → live ⇄ paused → stopped. Going live freezes the
 * draft into a version; pausing holds entries and runs where they are; stopping is
 * final (the engine finishes every unfinished run with outcome "stopped"). This
 * file only moves the state; the engine reads it.
 */

type Locked = { id: string; name: string; state: JourneyState; definition: JourneyDefinition; changed: boolean };

/** The journey's row, locked for the transaction, or NOT_FOUND for an unknown, malformed or other team's id. */
async function lockJourney(trx: Database, options: { teamId: string; journeyId: string }): Promise<Locked> {
  if (!isWellFormedId(options.journeyId)) throw new AppError("NOT_FOUND", JOURNEY_NOT_FOUND);
  const row = await trx
    .selectFrom("journeys")
    .select(["id", "name", "state", "definition", "liveVersion"])
    .select((eb) =>
      eb
        .selectFrom("journeyVersions")
        .select("journeyVersions.definition")
        .whereRef("journeyVersions.journeyId", "=", "journeys.id")
        .whereRef("journeyVersions.version", "=", "journeys.liveVersion")
        .as("liveDefinition"),
    )
    .where("id", "=", options.journeyId)
    .where("teamId", "=", options.teamId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", JOURNEY_NOT_FOUND);
  // Both came from jsonb, so their keys are in the same (jsonb's) order.
  const changed = JSON.stringify(row.definition) !== JSON.stringify(row.liveDefinition);
  return {
    id: row.id,
    name: row.name,
    state: row.state as JourneyState,
    definition: row.definition as JourneyDefinition,
    changed,
  };
}

type Transition = (journey: Locked) => { state: JourneyState; publish: boolean; action: AuditAction };

/**
 * Locks the journey, asks `transition` what to do (it throws CONFLICT for a move the
 * state does not allow), publishes the draft as the next version when asked, and
 * records the state and the audit entry, all in one transaction.
 */
async function moveJourney(
  db: Database,
  options: { access: TeamAccess; journeyId: string; now?: Date },
  transition: Transition,
): Promise<JourneyView> {
  authorize(options.access, "journeys.start");
  const { access } = options;
  const now = options.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const journey = await lockJourney(trx, { teamId: access.teamId, journeyId: options.journeyId });
    const next = transition(journey);
    let version: number | null = null;
    if (next.publish) {
      // A segment deleted since the draft was saved must not go live as an entry.
      await requireValidDefinition(trx, { teamId: access.teamId, definition: journey.definition });
      version = await publishNextVersion(trx, {
        teamId: access.teamId,
        journeyId: journey.id,
        definition: journey.definition,
        now,
      });
    }
    await trx
      .updateTable("journeys")
      .set((eb) => ({
        state: next.state,
        updatedAt: now,
        startedAt: next.state === "live" ? eb.fn.coalesce("startedAt", eb.val(now)) : eb.ref("startedAt"),
        stoppedAt: next.state === "stopped" ? now : eb.ref("stoppedAt"),
      }))
      .where("id", "=", journey.id)
      .execute();
    await recordAudit(trx, {
      access,
      action: next.action,
      target: { kind: "journey", id: journey.id, label: journey.name },
      details: { from: journey.state, to: next.state, ...(version ? { version } : {}) },
      now,
    });
  });
  return getJourney(db, { teamId: access.teamId, journeyId: options.journeyId });
}

/**
 * Starts a journey: a draft goes live on version 1; a paused one resumes where its
 * contacts are (timers that passed fire on resume); a live one with unpublished
 * edits publishes them as the next version. A stopped journey stays stopped, and a
 * live one with nothing new is already started: both CONFLICT.
 */
export function startJourney(db: Database, options: { access: TeamAccess; journeyId: string; now?: Date }) {
  return moveJourney(db, options, (journey) => {
    if (journey.state === "draft") return { state: "live", publish: true, action: "journey.started" };
    if (journey.state === "paused") return { state: "live", publish: false, action: "journey.started" };
    if (journey.state === "live" && journey.changed)
      return { state: "live", publish: true, action: "journey.published" };
    if (journey.state === "live") throw new AppError("CONFLICT", "This journey is already live.");
    throw new AppError("CONFLICT", "This journey is stopped. A stopped journey cannot start again.");
  });
}

/**
 * Publishes a live or paused journey's draft edits as its next version: new
 * contacts enter it, those inside finish on the version they entered. The state
 * stays as it is; nothing to publish, or a draft or stopped journey, is CONFLICT.
 */
export function publishJourney(db: Database, options: { access: TeamAccess; journeyId: string; now?: Date }) {
  return moveJourney(db, options, (journey) => {
    if (journey.state === "draft") throw new AppError("CONFLICT", "This journey is a draft: start it to go live.");
    if (journey.state === "stopped") throw new AppError("CONFLICT", "This journey is stopped.");
    if (!journey.changed) throw new AppError("CONFLICT", "There are no changes to publish.");
    return { state: journey.state, publish: true, action: "journey.published" };
  });
}

/** Pauses a live journey: no one enters, and runs hold where they are until it is live again. Otherwise CONFLICT. */
export function pauseJourney(db: Database, options: { access: TeamAccess; journeyId: string; now?: Date }) {
  return moveJourney(db, options, (journey) => {
    if (journey.state === "live") return { state: "paused", publish: false, action: "journey.paused" };
    if (journey.state === "paused") throw new AppError("CONFLICT", "This journey is already paused.");
    throw new AppError("CONFLICT", `This journey is ${journey.state}. Only a live journey can be paused.`);
  });
}

/**
 * Stops a live or paused journey for good: no one enters, and the engine finishes
 * every contact inside with outcome "stopped". A draft has nothing to stop (delete
 * it instead) and a stopped one is already stopped: both CONFLICT.
 */
export function stopJourney(db: Database, options: { access: TeamAccess; journeyId: string; now?: Date }) {
  return moveJourney(db, options, (journey) => {
    if (journey.state === "live" || journey.state === "paused")
      return { state: "stopped", publish: false, action: "journey.stopped" };
    if (journey.state === "draft")
      throw new AppError("CONFLICT", "This journey is a draft and has not started. Delete it instead.");
    throw new AppError("CONFLICT", "This journey is already stopped.");
  });
}
