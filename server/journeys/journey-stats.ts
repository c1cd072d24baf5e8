import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { type JourneyDefinition, type StepType, stepIdOf } from "#shared/journeys/definition.ts";
import { getJourney } from "./journeys.ts";
import { placeSteps } from "./step-paths.ts";

/** One step's figures: the engine's counters, and how many contacts wait there now. */
export type StepFigures = {
  entered: number;
  waiting: number;
  movedOn: number;
  sent: number;
  skipped: number;
  converted: number;
  exited: number;
};

export type StepAnalytics = StepFigures & {
  stepId: string;
  /** Null for a step only an earlier version had. */
  type: StepType | null;
  depth: number;
};

export type JourneyAnalytics = {
  journeyId: string;
  totals: { entered: number; active: number; converted: number; exited: number };
  steps: StepAnalytics[];
};

const NONE: StepFigures = { entered: 0, waiting: 0, movedOn: 0, sent: 0, skipped: 0, converted: 0, exited: 0 };

/** The definition whose steps the page lists: the live version's, or the draft's before it first goes live. */
async function shownDefinition(db: Database, journeyId: string, liveVersion: number | null, draft: JourneyDefinition) {
  if (liveVersion === null) return draft;
  const row = await db
    .selectFrom("journeyVersions")
    .select(sql<JourneyDefinition>`definition`.as("definition"))
    .where("journeyId", "=", journeyId)
    .where("version", "=", liveVersion)
    .executeTakeFirst();
  return row?.definition ?? draft;
}

/**
 * Per step, in the order of the live version (the draft's before it goes live), the
 * counters the engine keeps in journey_step_stats and the contacts waiting there
 * (unfinished runs at the step, counted through journey_runs_step_idx); steps that
 * only earlier versions had follow, so no contact is out of sight. Totals: entered
 * ("@entry"), active (unfinished runs), converted ("@goal"), exited (all steps).
 * Another team's journey is NOT_FOUND.
 */
export async function journeyAnalytics(
  db: Database,
  options: { teamId: string; journeyId: string },
): Promise<JourneyAnalytics> {
  const journey = await getJourney(db, options);
  const [definition, counters, waiting] = await Promise.all([
    shownDefinition(db, journey.id, journey.liveVersion, journey.definition),
    db
      .selectFrom("journeyStepStats")
      .select(["stepId", "entered", "movedOn", "sent", "skipped", "converted", "exited"])
      .where("journeyId", "=", journey.id)
      .execute(),
    db
      .selectFrom("journeyRuns")
      .select(["stepId", sql<number>`count(*)::int`.as("waiting")])
      .where("journeyId", "=", journey.id)
      .where("status", "<>", "finished")
      .groupBy("stepId")
      .execute(),
  ]);
  const figures = new Map<string, StepFigures>();
  const at = (stepId: string) => figures.get(stepId) ?? { ...NONE };
  for (const row of counters) {
    figures.set(row.stepId, {
      ...at(row.stepId),
      entered: Number(row.entered),
      movedOn: Number(row.movedOn),
      sent: Number(row.sent),
      skipped: Number(row.skipped),
      converted: Number(row.converted),
      exited: Number(row.exited),
    });
  }
  let active = 0;
  for (const row of waiting) {
    active += row.waiting;
    if (row.stepId) figures.set(row.stepId, { ...at(row.stepId), waiting: row.waiting });
  }
  const placed = placeSteps(definition.steps);
  const known = new Set(placed.map(({ step }) => stepIdOf(step)));
  const steps: StepAnalytics[] = placed.map(({ step, depth }) => ({
    stepId: stepIdOf(step),
    type: step.type,
    depth,
    ...at(stepIdOf(step)),
  }));
  for (const [stepId, values] of figures) {
    if (known.has(stepId) || stepId.startsWith("@")) continue;
    steps.push({ stepId, type: null, depth: 1, ...values });
  }
  const exited = steps.reduce((sum, step) => sum + step.exited, 0);
  return {
    journeyId: journey.id,
    totals: { entered: at("@entry").entered, active, converted: at("@goal").converted, exited },
    steps,
  };
}

export type ContactAtStep = {
  contactId: string;
  name: string | null;
  email: string | null;
  status: string;
  stepEnteredAt: Date;
  wakeAt: Date | null;
};

export const CONTACTS_AT_STEP_PAGE_SIZE = 50;

/**
 * The contacts at a step now (unfinished runs there), by keyset on the contact id
 * in the order of journey_runs_step_idx: `after` is the last contact id of the
 * previous page. Another team's journey is NOT_FOUND; a cursor that is no id is INVALID.
 */
export async function contactsAtStep(
  db: Database,
  options: { teamId: string; journeyId: string; stepId: string; after?: string | null; limit?: number },
): Promise<{ rows: ContactAtStep[]; nextCursor: string | null }> {
  const journey = await getJourney(db, options);
  const limit = Math.min(Math.max(options.limit ?? CONTACTS_AT_STEP_PAGE_SIZE, 1), 500);
  if (options.after && !isWellFormedId(options.after))
    throw new AppError("INVALID", "That page link is not valid.", { fields: { after: ["Not a contact id"] } });
  let query = db
    .selectFrom("journeyRuns")
    .innerJoin("contacts", "contacts.id", "journeyRuns.contactId")
    .select([
      "journeyRuns.contactId",
      "contacts.name",
      "contacts.email",
      "journeyRuns.status",
      "journeyRuns.stepEnteredAt",
      "journeyRuns.wakeAt",
    ])
    .where("journeyRuns.journeyId", "=", journey.id)
    .where("journeyRuns.stepId", "=", options.stepId)
    .where("journeyRuns.status", "<>", "finished")
    .where("contacts.teamId", "=", options.teamId)
    .orderBy("journeyRuns.contactId")
    .limit(limit + 1);
  if (options.after) query = query.where("journeyRuns.contactId", ">", options.after);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? (page.at(-1)?.contactId ?? null) : null };
}
