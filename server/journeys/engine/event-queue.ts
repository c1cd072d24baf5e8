import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { executePrepared } from "#db/prepared-statements.ts";
import { reactToEvents, type StoredEvent } from "./react-to-events.ts";

/**
 * The part of the events ingestion statement that hands its `stored` rows to the
 * journeys: one `journey_event_queue` row per batch naming each event of a known contact
 * by its id and own time, in id order. The row names the events rather than carrying
 * them: a copy of 500 events cost the request about 30 µs of PostgreSQL time an event,
 * more than half what the rest of the statement cost (migration 2026-11-30T0600), and
 * the worker finds each by the events' index on team, time and id. Only events really inserted are in `stored`, so a retried batch
 * whose messageIds are already stored queues nothing. Ingestion takes no lock and
 * touches no run: `reactToQueuedEvents` acts on the row on a worker. Use it only for a
 * team with live or paused journeys. With `attached`, the events were stored earlier and
 * only now attached to their contact (identify): they move the contact's open runs but
 * enter no journey.
 */
export function queueJourneyEvents(teamId: string, options: { attached?: boolean } = {}) {
  return sql`journey_events as (
      insert into journey_event_queue (team_id, event_ids, occurred_ats, attached)
      select ${teamId}, array_agg(id order by id), array_agg(occurred_at order by id), ${options.attached ?? false}
      from stored where contact_id is not null and name is not null having count(*) > 0
    )`;
}

/** Whether any ingestion batch waits for the journeys: one probe of the queue's key, for an idle runtime loop. */
export async function hasQueuedEvents(db: Database): Promise<boolean> {
  const { rows } = await sql<{ queued: boolean }>`select exists (select 1 from journey_event_queue) as queued`.execute(
    db,
  );
  return rows[0]!.queued;
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
    const batches = await takeQueuedBatches(trx, options.limit ?? JOURNEY_EVENT_BATCHES);
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
 * Deletes up to `limit` queue rows, oldest first, and reads the events they name, each
 * batch's in the order queued: a contact's later event acts after its earlier one. An
 * event deleted or detached from its contact since it was queued is not read.
 */
async function takeQueuedBatches(trx: Database, limit: number): Promise<{ teamId: string; events: StoredEvent[] }[]> {
  // Properties as text: the camel-casing of result keys would rename their names (cart_id). The time as JSON
  // writes it, to the microsecond. A named statement: planning the join across the events' month partitions
  // cost as much as running it.
  const rows = await executePrepared(
    trx,
    sql<{
      batch: string;
      teamId: string;
      attached: boolean;
      messageId: string;
      contactId: string;
      name: string;
      propertiesText: string;
      occurredAt: string;
    }>`
    with taken as (
      delete from journey_event_queue
      where id in (select id from journey_event_queue order by id limit ${limit})
      returning id, team_id, event_ids, occurred_ats, attached
    )
    select t.id as batch, t.team_id, t.attached, e.message_id, e.contact_id, e.name,
      e.properties::text as properties_text, to_json(e.occurred_at) #>> '{}' as occurred_at
    from taken t
    cross join lateral unnest(t.event_ids, t.occurred_ats) with ordinality q(id, occurred_at, n)
    join events e on e.team_id = t.team_id and e.occurred_at = q.occurred_at and e.id = q.id
      and e.contact_id is not null
    order by t.id, q.n`.compile(trx),
  );
  const batches = new Map<string, { teamId: string; events: StoredEvent[] }>();
  for (const row of rows) {
    let batch = batches.get(row.batch);
    if (!batch) batches.set(row.batch, (batch = { teamId: row.teamId, events: [] }));
    batch.events.push({
      messageId: row.messageId,
      contactId: row.contactId,
      name: row.name,
      properties: JSON.parse(row.propertiesText) as StoredEvent["properties"],
      occurredAt: row.occurredAt,
      ...(row.attached ? { attached: true } : {}),
    });
  }
  return [...batches.values()];
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
