import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { Json } from "#db/types.ts";
import { type Entrant, enterJourneys } from "./enter.ts";
import { enterMatchingFilterSegments } from "./filter-entries.ts";
import { matchesProperties, matchValueOf } from "./property-match.ts";
import { GOAL_ROW, StepTally } from "./stats.ts";
import { teamJourneys } from "./team-journeys.ts";
import { loadVersions, versionKey } from "./versions.ts";

/** An event just stored (not one a retry sent again), of a known contact, with its own time. */
export type StoredEvent = {
  messageId: string;
  contactId: string;
  name: string;
  properties: Json;
  occurredAt: string;
  /**
   * Stored earlier without a contact and attached to this one later (identify links the
   * browser that sent it): it moves the contact's open runs, but a cart left while
   * browsing anonymously days ago does not start a journey now.
   */
  attached?: boolean;
};

type OpenRun = {
  id: string;
  journeyId: string;
  version: number;
  contactId: string;
  status: string;
  stepId: string | null;
  awaitingEvent: string | null;
  awaitingMatch: string | null;
  /** The triggering event's own time: events before it are not the contact's doing in the journey. */
  triggerOccurredAt: Date | null;
  /** The own time of the event the run's last wait received: a later wait counts only events after it. */
  lastReceivedAt: Date | null;
};

/**
 * What a batch of newly stored events does to the team's journeys, in the
 * transaction that takes them off the journey event queue (reactToQueuedEvents), so
 * an event acts exactly once, and a retried messageId, neither stored nor queued
 * again, does nothing:
 * 1. a goal event finishes every unfinished run of its journey for the contact as
 *    converted (the step it was at and "@goal" count it);
 * 2. an awaited event (its name, property conditions and, when the step says so,
 *    the same value of a property of the triggering event) makes the waiting run
 *    active, to take the "received" branch at the runtime's next poll;
 *    an event whose own time is before the run's triggering event does neither, and
 *    a wait does not take again the event an earlier wait of the run took (runs
 *    reaching a wait or their first step later look for what came before:
 *    events-since-entry.ts);
 * 3. an entry event enters live journeys as their re-entry rules allow (not one
 *    attached to its contact after it was stored).
 * Costs nothing more for a team without live or paused journeys than a cached read.
 */
export async function reactToEvents(trx: Database, options: { teamId: string; events: StoredEvent[] }): Promise<void> {
  const events = options.events;
  if (events.length === 0) return;
  const journeys = await teamJourneys(trx, options.teamId);
  if (!journeys.any) return;
  await advanceOpenRuns(trx, events);

  const entrants: Entrant[] = [];
  for (const journey of journeys.live) {
    const entry = journey.version.definition.entry;
    if (entry.type !== "event") continue;
    for (const event of events) {
      if (event.attached) continue;
      if (event.name === entry.event && matchesProperties(event.properties, entry.properties))
        entrants.push({
          journey,
          contactId: event.contactId,
          messageId: event.messageId,
          properties: event.properties,
          occurredAt: event.occurredAt,
        });
    }
  }
  await enterJourneys(trx, entrants);
  // Filter segments that count these events may now hold these contacts.
  await enterMatchingFilterSegments(trx, {
    teamId: options.teamId,
    contactIds: [...new Set(events.map((e) => e.contactId))],
    eventNames: [...new Set(events.map((e) => e.name))],
  });
}

async function advanceOpenRuns(trx: Database, events: StoredEvent[]): Promise<void> {
  const contactIds = [...new Set(events.map((e) => e.contactId))];
  const { rows: runs } = await sql<OpenRun>`
    select id, journey_id, version, contact_id, status, step_id, awaiting_event, awaiting_match,
      trigger_occurred_at, last_received_at
    from journey_runs where contact_id = any(${contactIds}::uuid[]) and status <> 'finished'
    order by id`.execute(trx);
  if (runs.length === 0) return;
  const versions = await loadVersions(
    trx,
    runs.map((run) => ({ journeyId: run.journeyId, version: run.version })),
  );
  const byContact = Map.groupBy(events, (event) => event.contactId);
  const converted: OpenRun[] = [];
  const received = new Map<string, Date | null>();
  for (const run of runs) {
    const version = versions.get(versionKey(run.journeyId, run.version));
    if (!version) continue;
    // An event from before the triggering one (a client's queue sent late) is not the contact's doing in the
    // journey. (Runs entered otherwise hear every event reacted to while they exist, as the same batch's events
    // reach a contact created by its identify call: those happened at the entry, not before it.)
    const from = run.triggerOccurredAt;
    const mine = (byContact.get(run.contactId) ?? []).filter((e) => !from || timeOf(e) >= from);
    const goal = version.definition.goal;
    if (goal && mine.some((e) => e.name === goal.event && matchesProperties(e.properties, goal.properties))) {
      converted.push(run);
      continue;
    }
    if (run.status !== "waiting" || !run.awaitingEvent || !run.stepId) continue;
    const step = version.steps.get(run.stepId)?.step;
    if (step?.type !== "wait_for_event") continue;
    const came = mine.find(
      (e) =>
        e.name === step.event &&
        (run.lastReceivedAt === null || timeOf(e) > run.lastReceivedAt) &&
        matchesProperties(e.properties, step.properties) &&
        (!step.matchProperty ||
          (run.awaitingMatch !== null && matchValueOf(e.properties, step.matchProperty) === run.awaitingMatch)),
    );
    if (came) received.set(run.id, timeOf(came));
  }
  if (converted.length > 0) {
    const { rows } = await sql<{ journeyId: string; stepId: string | null }>`
      update journey_runs set status = 'finished', outcome = 'converted', wake_at = null, awaiting_event = null,
        awaiting_match = null, finished_at = now(), updated_at = now()
      where id = any(${converted.map((r) => r.id)}::uuid[]) and status <> 'finished'
      returning journey_id, step_id`.execute(trx);
    const tally = new StepTally();
    for (const row of rows) {
      tally.add(row.journeyId, GOAL_ROW, "converted");
      if (row.stepId) tally.add(row.journeyId, row.stepId, "converted");
    }
    await tally.write(trx);
  }
  if (received.size > 0) {
    // Still waiting for this event (the runtime may have timed it out meanwhile): only then is it received.
    // The ids go to the primary key as an array too, so the runs are probed, not all hashed (claim.ts, saveRuns).
    await sql`
      update journey_runs r set status = 'active', wake_at = null, awaiting_match = null, updated_at = now(),
        last_received_at = coalesce(u.at, r.last_received_at)
      from unnest(${[...received.keys()]}::uuid[], ${[...received.values()].map((at) => at?.toISOString() ?? null)}::timestamptz[])
        as u(id, at)
      where r.id = u.id and r.id = any(${[...received.keys()]}::uuid[]) and r.status = 'waiting'
        and r.awaiting_event is not null`.execute(trx);
  }
}

/** The event's own time. */
function timeOf(event: StoredEvent): Date {
  return new Date(event.occurredAt);
}
