import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newIds } from "#db/ids.ts";
import type { Json } from "#db/types.ts";
import { ENTRY_ROW, StepTally } from "./stats.ts";
import type { LiveJourney } from "./team-journeys.ts";

/** A contact about to enter a journey, and what started it (an event's messageId and properties, or nothing). */
export type Entrant = {
  journey: LiveJourney;
  contactId: string;
  messageId: string | null;
  properties: Json;
  /** The triggering event's own time: awaited events and goals count from it (null: from the entry). */
  occurredAt?: string | null;
  /** Not while the contact is still inside the journey (an entry by matching a filter, which stays true). */
  notWhileInside?: boolean;
};

/**
 * Enters contacts into journeys, as of their re-entry rules, in the caller's
 * transaction: a run per entrant, active at the start so the runtime takes its
 * first step within the next poll. Checked atomically: each (journey, contact) is
 * locked for the transaction (an advisory lock shared with other contacts, entryLockKey,
 * taken in one order) before its earlier runs are read, so two batches ingested at once never both enter a contact
 * a rule allows in once; the same event ingested twice enters once (the unique
 * trigger index). "@entry" counts the runs made. Returns how many entered.
 */
export async function enterJourneys(trx: Database, entrants: Entrant[]): Promise<number> {
  // Within one batch the rule is applied here: a contact enters a journey once, by its first event,
  // unless the journey takes every event.
  const seen = new Set<string>();
  const kept = entrants.filter((entrant) => {
    if (entrant.journey.version.definition.reentry.mode === "every_time") return true;
    const key = `${entrant.journey.id}:${entrant.contactId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (kept.length === 0) return 0;
  // Only entries a rule limits need the lock: "every time" takes each one (unless it waits for the run to end).
  const limited = kept.filter((e) => e.journey.version.definition.reentry.mode !== "every_time" || e.notWhileInside);
  const lockKeys = [...new Set(limited.map((e) => entryLockKey(e.journey.id, e.contactId)))].sort();
  if (lockKeys.length > 0)
    await sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0)))
      from unnest(${lockKeys}::text[]) with ordinality as l(k, n)`.execute(trx);
  const ids = newIds(kept.length);
  const reentry = kept.map((e) => e.journey.version.definition.reentry);
  // The contacts are also named to their primary key as an array: joined to the unnested
  // entrants alone, the planner hashed every contact of every team (a sequential scan)
  // for an entry of 10,000, where probing the key for each costs a fraction of that at a million.
  const { rows } = await sql<{ journeyId: string }>`
    insert into journey_runs (id, team_id, journey_id, version, contact_id, status, trigger_message_id, trigger_properties,
      trigger_occurred_at)
    select e.id, c.team_id, e.journey_id, e.version, e.contact_id, 'active', e.message_id, e.properties, e.occurred_at
    from unnest(${ids}::uuid[], ${kept.map((e) => e.journey.id)}::uuid[], ${kept.map((e) => e.journey.version.version)}::int[],
      ${kept.map((e) => e.contactId)}::uuid[], ${kept.map((e) => e.messageId)}::text[],
      ${kept.map((e) => JSON.stringify(e.properties ?? {}))}::jsonb[], ${kept.map((e) => e.occurredAt ?? null)}::timestamptz[],
      ${reentry.map((r) => r.mode)}::text[],
      ${reentry.map((r) => (r.mode === "after_days" ? r.days : 0))}::int[], ${kept.map((e) => e.notWhileInside === true)}::boolean[])
      as e(id, journey_id, version, contact_id, message_id, properties, occurred_at, mode, days, not_while_inside)
    join contacts c on c.id = e.contact_id and c.id = any(${kept.map((e) => e.contactId)}::uuid[])
    where (e.mode = 'every_time' or not exists (
      select 1 from journey_runs r where r.journey_id = e.journey_id and r.contact_id = e.contact_id
        and (e.mode = 'once' or r.entered_at > now() - make_interval(days => e.days))))
      and not (e.not_while_inside and exists (
        select 1 from journey_runs r where r.journey_id = e.journey_id and r.contact_id = e.contact_id and r.status <> 'finished'))
    on conflict (journey_id, trigger_message_id) where trigger_message_id is not null do nothing
    returning journey_id`.execute(trx);
  const tally = new StepTally();
  for (const row of rows) tally.add(row.journeyId, ENTRY_ROW, "entered");
  await tally.write(trx);
  return rows.length;
}

/** How many entry locks a journey has: the most one transaction takes per journey, however many contacts enter. */
const ENTRY_LOCK_BUCKETS = 1024;

/**
 * The advisory lock that makes a contact's entry into a journey atomic, shared by the
 * contacts whose ids end alike. A lock per contact made an import chunk of 10,000 hold
 * 10,000 locks, and two such chunks at once exhausted PostgreSQL's shared lock table
 * ("out of shared memory" at its default settings). A shared lock only makes two entries
 * of different contacts wait for each other, which the rules never need but never break.
 */
export function entryLockKey(journeyId: string, contactId: string): string {
  // An id's last hex digits are random (uuid v7), so contacts spread evenly over the locks.
  return `journey-entry:${journeyId}:${Number.parseInt(contactId.slice(-3), 16) % ENTRY_LOCK_BUCKETS}`;
}
