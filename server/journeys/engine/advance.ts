import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { planJourneyDeliveries } from "#server/delivery/journey-deliveries.ts";
import { filterContacts } from "#server/segments/filter/query.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import type { ConditionStep, SendStep, WaitForEventStep, WaitUntilStep } from "#shared/journeys/definition.ts";
import {
  answersSinceEntry,
  type EventQuestion,
  recordReceived,
  runsWithEventSinceEntry,
} from "./events-since-entry.ts";
import { matchValueOf } from "./property-match.ts";
import { dueOf, type Run } from "./runs.ts";
import { decideSends } from "./send-policy.ts";
import { GOAL_ROW, type StepTally } from "./stats.ts";
import { stepCampaign } from "./step-campaigns.ts";
import { firstOf, type JourneyVersion, versionKey } from "./versions.ts";
import { nextTimeOfDay, zoneFor } from "./wait-until.ts";

export type AdvanceContext = {
  trx: Database;
  boss: PgBoss;
  now: Date;
  versions: Map<string, JourneyVersion>;
  tally: StepTally;
  /** The ledger writes of the batch's send steps, for the caller to make last in its transaction. */
  ledgerWrites: (() => Promise<void>)[];
};

/**
 * Moves claimed runs as far as they go now: through every step that takes no time
 * (send, condition, exit) until each waits (a wait, a time of day, an event, a
 * held-back message) or finishes. Steps that need the database (a send writes the
 * ledger, a condition evaluates a filter) are done for all runs at that step at
 * once, round by round; a tree has no loops, so the rounds end. The runs are
 * changed in memory; the caller writes them back with the tallies.
 */
export async function advanceRuns(context: AdvanceContext, runs: Run[]): Promise<void> {
  await convertEntrantsAtGoal(context, runs);
  const receivedByTimeout = await receivedBeforeTimeout(context, runs);
  let frontier: Run[] = [];
  for (const run of runs) {
    if (run.status === "finished") continue;
    const version = context.versions.get(versionKey(run.journeyId, run.version));
    // The version is gone (its journey was deleted with it): nothing left to walk.
    if (!version) finish(run, "exited");
    else if (resume(context, version, run, receivedByTimeout)) frontier.push(run);
  }
  while (frontier.length > 0) frontier = await runSteps(context, frontier);
}

/**
 * Runs just entered whose contact already reached the goal since the entry (later in
 * the batch that entered them, or reacted to before the run existed) finish as
 * converted before their first step: the goal ends the journey wherever the contact
 * is, and a goal that came before the run's first step is no different.
 */
async function convertEntrantsAtGoal(context: AdvanceContext, runs: Run[]): Promise<void> {
  const questions: EventQuestion[] = [];
  for (const run of runs) {
    const goal = context.versions.get(versionKey(run.journeyId, run.version))?.definition.goal;
    if (goal && dueOf(run) === "start")
      questions.push({ runId: run.id, key: `${run.journeyId}:${run.version}`, asked: goal });
  }
  const converted = await runsWithEventSinceEntry(context.trx, questions, { now: context.now, afterReceived: false });
  for (const run of runs) {
    if (!converted.has(run.id)) continue;
    context.tally.add(run.journeyId, GOAL_ROW, "converted");
    finish(run, "converted");
  }
}

/**
 * Runs whose wait for an event times out now although the contact performed it since
 * the run entered: an event no reaction told the wait of, such as one sent before the
 * person signed in and attached to them when they did (identify links the browser's
 * anonymousId and its waiting events). Asked of the stored events once, when the time
 * is up, so such a run takes "received" rather than the timeout's branch. The event
 * is recorded as received, as a wait that heard of it would record it.
 */
async function receivedBeforeTimeout(context: AdvanceContext, runs: Run[]): Promise<Set<string>> {
  const waits: { run: Run; step: WaitForEventStep }[] = [];
  for (const run of runs) {
    if (run.status === "finished" || dueOf(run) !== "timer" || !run.stepId) continue;
    const step = context.versions.get(versionKey(run.journeyId, run.version))?.steps.get(run.stepId)?.step;
    if (step?.type === "wait_for_event") waits.push({ run, step });
  }
  return new Set((await receivedByWaits(context, waits)).keys());
}

/**
 * Which of these runs' waits the contact's stored events answer (an event of the
 * contact since entering, after the one the run's last wait took), recorded as
 * received. A wait matching a property of a triggering event that lacked it asks nothing.
 *
 * The journey's goal is asked in the same statement, and a run whose contact reached it
 * finishes as converted instead. Each statement reads the events committed when it
 * starts: an order stored between an earlier look for the goal (convertEntrantsAtGoal)
 * and this one was taken by the wait alone, and the run left by the wait's branch,
 * where the reaction to that order, waiting for this batch, would have converted it.
 */
async function receivedByWaits(
  context: AdvanceContext,
  waits: { run: Run; step: WaitForEventStep }[],
): Promise<Map<string, Date>> {
  const asking = waits.filter(({ step, run }) => !step.matchProperty || run.awaitingMatch !== null);
  const questions: EventQuestion[] = asking.map(({ run, step }) => ({
    runId: run.id,
    key: `${run.journeyId}:${run.version}:${step.id}`,
    asked: step,
  }));
  const goals: EventQuestion[] = asking.flatMap(({ run }) => {
    const goal = context.versions.get(versionKey(run.journeyId, run.version))?.definition.goal;
    return goal
      ? [{ runId: run.id, key: `goal:${run.journeyId}:${run.version}`, asked: goal, afterReceived: false }]
      : [];
  });
  const answers = await answersSinceEntry(context.trx, [...questions, ...goals], {
    now: context.now,
    afterReceived: true,
  });
  const converted = new Set(answers.filter((a) => a.key.startsWith("goal:")).map((a) => a.runId));
  for (const { run } of asking) {
    if (!converted.has(run.id)) continue;
    context.tally.add(run.journeyId, GOAL_ROW, "converted");
    if (run.stepId) context.tally.add(run.journeyId, run.stepId, "converted");
    finish(run, "converted");
  }
  const received = new Map(
    answers.filter((a) => !a.key.startsWith("goal:") && !converted.has(a.runId)).map((a) => [a.runId, a.occurredAt]),
  );
  await recordReceived(context.trx, received);
  return received;
}

/** Applies why a claimed run was due; true when it now stands at a step to run. */
function resume(context: AdvanceContext, version: JourneyVersion, run: Run, receivedByTimeout: Set<string>): boolean {
  const due = dueOf(run);
  if (due === "start") return enter(context, run, version.first);
  if (due === "step") return true;
  const placed = run.stepId ? version.steps.get(run.stepId) : undefined;
  if (!placed) return enter(context, run, null);
  const { step } = placed;
  if (due === "received" && step.type === "wait_for_event") return leave(context, run, firstOf(step.received));
  if (due === "timer") {
    if (step.type === "wait_for_event")
      return leave(context, run, firstOf(receivedByTimeout.has(run.id) ? step.received : step.timedOut));
    if (step.type === "wait" || step.type === "wait_until") return leave(context, run, placed.next);
    // A held-back message: its step runs again and asks the send policy again.
    run.status = "active";
    run.wakeAt = null;
    return true;
  }
  return true;
}

/** Leaves the current step (moved on) for `next`. */
function leave(context: AdvanceContext, run: Run, next: string | null): boolean {
  if (run.stepId) context.tally.add(run.journeyId, run.stepId, "moved_on");
  return enter(context, run, next);
}

/** Arrives at `stepId` (entered), or completes the journey when there is none. */
function enter(context: AdvanceContext, run: Run, stepId: string | null): boolean {
  run.awaitingEvent = null;
  run.awaitingMatch = null;
  run.wakeAt = null;
  if (stepId === null) {
    finish(run, "completed");
    return false;
  }
  run.stepId = stepId;
  run.status = "active";
  run.moved = true;
  context.tally.add(run.journeyId, stepId, "entered");
  return true;
}

function finish(run: Run, outcome: NonNullable<Run["outcome"]>) {
  run.status = "finished";
  run.outcome = outcome;
  run.wakeAt = null;
  run.awaitingEvent = null;
  run.awaitingMatch = null;
}

/** Runs each run's current step; returns the runs that arrived at a next step to run in this batch. */
async function runSteps(context: AdvanceContext, runs: Run[]): Promise<Run[]> {
  const next: Run[] = [];
  const grouped = new Map<string, Run[]>();
  const awaiting: { run: Run; step: WaitForEventStep }[] = [];
  let attributes: Map<string, unknown> | null = null;
  for (const run of runs) {
    const version = context.versions.get(versionKey(run.journeyId, run.version))!;
    const placed = version.steps.get(run.stepId!)!;
    const { step } = placed;
    switch (step.type) {
      case "wait":
        run.status = "waiting";
        run.wakeAt = new Date(context.now.getTime() + step.seconds * 1000);
        break;
      case "wait_until":
        attributes ??= await contactAttributes(context, runs);
        run.status = "waiting";
        run.wakeAt = await wakeAtTimeOfDay(context, run, step, attributes.get(run.contactId));
        break;
      case "wait_for_event":
        run.status = "waiting";
        run.awaitingEvent = step.event;
        run.awaitingMatch = step.matchProperty ? matchValueOf(run.triggerProperties, step.matchProperty) : null;
        run.wakeAt = new Date(context.now.getTime() + step.timeoutSeconds * 1000);
        awaiting.push({ run, step });
        break;
      case "exit":
        context.tally.add(run.journeyId, step.id!, "exited");
        finish(run, "exited");
        break;
      default: {
        const key = `${run.journeyId}:${run.version}:${step.id}`;
        const list = grouped.get(key) ?? [];
        list.push(run);
        grouped.set(key, list);
      }
    }
  }
  for (const run of await alreadyReceived(context, awaiting)) next.push(run);
  for (const group of grouped.values()) {
    const first = group[0]!;
    const version = context.versions.get(versionKey(first.journeyId, first.version))!;
    const placed = version.steps.get(first.stepId!)!;
    if (placed.step.type === "send") {
      await runSend(context, placed.step, group);
      for (const run of group) if (run.status === "active" && leave(context, run, placed.next)) next.push(run);
    } else if (placed.step.type === "condition") {
      const yes = await matchingContacts(context, placed.step, group);
      for (const run of group) {
        const branch = yes.has(run.contactId) ? placed.step.yes : placed.step.no;
        if (leave(context, run, firstOf(branch))) next.push(run);
      }
    }
  }
  return next;
}

/**
 * Runs just arrived at a wait for an event whose contact performed it since entering
 * (in the batch that entered them, or while they were at an earlier step): the event
 * counts as received at once, and they take the "received" branch in this batch.
 * Returns those with a step to run next.
 */
async function alreadyReceived(
  context: AdvanceContext,
  awaiting: { run: Run; step: WaitForEventStep }[],
): Promise<Run[]> {
  const received = await receivedByWaits(context, awaiting);
  const next: Run[] = [];
  for (const { run, step } of awaiting)
    if (received.has(run.id) && leave(context, run, firstOf(step.received))) next.push(run);
  return next;
}

/**
 * A send step for the runs at it (all of one journey, so of one team): the messages are asked of the send policy, then
 * written into the ledger with the runs' move. Held-back runs wait at the step
 * (status waiting); the others stay active, to move on.
 */
async function runSend(context: AdvanceContext, step: SendStep, runs: Run[]): Promise<void> {
  const first = runs[0]!;
  const campaign = await stepCampaign(context.trx, {
    teamId: first.teamId,
    journeyId: first.journeyId,
    version: first.version,
    step: step as SendStep & { id: string },
  });
  const recipients: { runId: string; contactId: string }[] = [];
  const skipped: { runId: string; contactId: string; reason: string }[] = [];
  // One decision for the step's runs: a contact's runs in this batch see the same ledger, so the same answer.
  const decisions = await decideSends(context.trx, {
    teamId: first.teamId,
    contactIds: [...new Set(runs.map((run) => run.contactId))],
    channel: step.channel,
    overCap: step.overCap,
    now: context.now,
  });
  for (const run of runs) {
    const decision = decisions.get(run.contactId) ?? { action: "send" };
    if (decision.action === "wait") {
      run.status = "waiting";
      run.wakeAt = decision.until;
    } else if (decision.action === "skip")
      skipped.push({ runId: run.id, contactId: run.contactId, reason: decision.reason });
    else recipients.push({ runId: run.id, contactId: run.contactId });
  }
  const { result, write } = await planJourneyDeliveries(context.trx, context.boss, { campaign, recipients, skipped });
  context.ledgerWrites.push(write);
  for (const run of runs) {
    if (run.status !== "active") continue;
    context.tally.add(run.journeyId, step.id!, result.queued.has(run.id) ? "sent" : "skipped");
  }
}

/** The runs' contacts that a condition's filter selects now: the filter compiler, restricted to those contacts. */
async function matchingContacts(context: AdvanceContext, step: ConditionStep, runs: Run[]): Promise<Set<string>> {
  const teamId = runs[0]!.teamId;
  try {
    const query = await filterContacts(context.trx, { teamId, filter: step.filter, stored: true });
    const rows = await query
      .where(
        "c.id",
        "in",
        runs.map((run) => run.contactId),
      )
      .select("c.id")
      .execute();
    return new Set(rows.map((row) => row.id));
  } catch (error) {
    // A filter naming a segment deleted since the version was made selects nobody; the runs take "no".
    if (error instanceof AppError) return new Set();
    throw error;
  }
}

async function contactAttributes(context: AdvanceContext, runs: Run[]): Promise<Map<string, unknown>> {
  const rows = await context.trx
    .selectFrom("contacts")
    .select(["id", "attributes"])
    .where(
      "id",
      "in",
      runs.map((run) => run.contactId),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, row.attributes]));
}

const zones = new Map<string, string>();

async function wakeAtTimeOfDay(
  context: AdvanceContext,
  run: Run,
  step: WaitUntilStep,
  attributes: unknown,
): Promise<Date> {
  let teamZone = zones.get(run.teamId);
  if (!teamZone) {
    teamZone = await teamTimeZone(context.trx, run.teamId);
    // Per batch is exact enough; the map is cleared with each batch (see runBatch).
    zones.set(run.teamId, teamZone);
  }
  return nextTimeOfDay(context.now, step.time, zoneFor(attributes, step.timeZoneAttribute, teamZone));
}

/** Forgets the team zones read during a batch, so a changed zone applies from the next one. */
export function forgetTeamZones(): void {
  zones.clear();
}
