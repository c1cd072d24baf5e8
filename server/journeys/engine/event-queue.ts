import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { reactToEvents, type StoredEvent } from "./react-to-events.ts";

/**
 * The part of the events ingestion statement that hands its `stored` rows to the
 * journeys: one `journey_event_queue` row per batch with each event of a known
 * contact (its messageId, contact, name, properties and own time). Only events really inserted
 * are in `stored`, so a retried batch whose messageIds are already stored queues
 * nothing. Ingestion takes no lock and touches no run: `reactToQueuedEvents` acts on
 * the row on a worker. Use it only for a team with live or paused journeys. With
 * `attached`, the events were stored earlier and only now attached to their contact
 * (identify): they move the contact's open runs but enter no journey.
 */
export function queueJourneyEvents(teamId: string, options: { attached?: boolean } = {}) {
  const attached = options.attached ? sql`, 'attached', true` : sql``;
  return sql`journey_events as (
      insert into journey_event_queue (team_id, events)
      select ${teamId}, json_agg(json_build_object('messageId', message_id, 'contactId', contact_id,
        'name', name, 'properties', properties, 'occurredAt', occurred_at${attached}) order by id)
      from stored where contact_id is not null and name is not null having count(*) > 0
    )`;
}

/** Queue rows (ingestion batches, up to 500 events each) acted on per transaction. */
export const JOURNEY_EVENT_BATCHES = 4;

/**
 * Takes up to `limit` queued ingestion batches, oldest first, and lets their events
 * enter, advance and convert the teams' journeys (reactToEvents) in the transaction
 * that deletes them: a crash rolls back both and the rows are taken again, so each
 * batch acts exactly once, and a batch ingested before a crash of the worker still
 * acts once another worker is up. Runs entered here are active at once, for the
 * runtime's next batch. Returns how many events it read (0 when the queue is empty or
 * another loop is reacting).
 *
 * One loop reacts at a time (an advisory lock; the others go on to their runs): two
 * reacting at once would take a contact's Cart Updated and the Order Completed sent
 * after it side by side, and the order, finding no run yet, would be lost to the wait.
 */
export async function reactToQueuedEvents(db: Database, options: { limit?: number } = {}): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows: locked } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended('journey_event_queue', 0)) as locked`.execute(trx);
    if (!locked[0]!.locked) return 0;
    // Events as text: the camel-casing of result keys would rename their property names (cart_id).
    const { rows } = await sql<{ id: string; teamId: string; eventsText: string }>`
      delete from journey_event_queue
      where id in (select id from journey_event_queue order by id limit ${options.limit ?? JOURNEY_EVENT_BATCHES})
      returning id, team_id, events::text as events_text`.execute(trx);
    // In the order they were queued: a contact's later event acts after its earlier one.
    rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    const batches = rows.map((row) => ({ teamId: row.teamId, events: JSON.parse(row.eventsText) as StoredEvent[] }));
    await lockOpenRuns(trx, [...new Set(batches.flatMap((batch) => batch.events.map((event) => event.contactId)))]);
    // Batch by batch, not merged: an Order Completed in a later batch must find the run
    // its Cart Updated entered in an earlier one, and entries come after a batch's advances.
    let read = 0;
    for (const { teamId, events } of batches) {
      read += events.length;
      await reactToEvents(trx, { teamId, events });
    }
    return read;
  });
}

/**
 * Locks the contacts' unfinished runs before anything is written, and so waits for a
 * runtime batch moving one of them to commit: that batch may have looked for these
 * events (a wait's arrival, a goal before the first step) before they were stored,
 * and reading the run as it stood before the move would lose them to both. Taken in
 * one order and before the reaction writes anything the runtime waits on, so the
 * two never wait on each other in a cycle; the runtime skips runs locked here.
 */
async function lockOpenRuns(trx: Database, contactIds: string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await sql`select count(*) from (select id from journey_runs
      where contact_id = any(${contactIds}::uuid[]) and status <> 'finished' order by id for update) locked`.execute(
    trx,
  );
}
