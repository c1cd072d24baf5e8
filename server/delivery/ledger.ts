import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { executePrepared } from "#db/prepared-statements.ts";
import type { Json } from "#db/types.ts";
import type { Chunk } from "./recipients.ts";

/** A delivery due to be sent, with what rendering needs of its contact. */
export type DueDelivery = {
  id: string;
  contactId: string;
  /** A journey's delivery: the run it sends for (a contact may go through a journey again). */
  journeyRunId: string | null;
  address: string;
  attempts: number;
  contact: {
    id: string;
    email: string;
    name: string | null;
    phone: string | null;
    attributes: Json;
    /** A journey's delivery: the event that started the run, for Liquid's `event.properties`. */
    event?: { properties: Json } | null;
  } | null;
};

/** What became of one delivery handed to the provider. */
export type DeliveryOutcome =
  | { id: string; status: "sent"; providerMessageId: string | null }
  | {
      id: string;
      status: "failed";
      error: string;
      /** A hard bounce: recorded as bounced and the address suppressed. */ bounced?: boolean;
    }
  | { id: string; status: "queued"; error: string; nextAttemptAt: Date };

/**
 * The chunk's next due deliveries after `after` in contact order, with what
 * rendering needs of their contacts. Reading takes no lock and changes nothing:
 * `markSending` takes the rows right before they are handed over, so a worker that
 * dies before that leaves them queued for the chunk's next job. `attempts` counts
 * the attempt about to be made.
 */
export async function readDueDeliveries(
  db: Database,
  options: { campaignId: string; chunk: Chunk; after: { contactId: string; id: string } | null; limit: number },
): Promise<DueDelivery[]> {
  // A journey's batch may hold two runs of one contact (a journey entered again): there
  // the position is the contact and the delivery, so a window ending between them skips
  // neither. A broadcast has one delivery a contact, and its read keeps its index order.
  const batch = Boolean(options.chunk.batch);
  const after =
    options.after === null
      ? sql``
      : batch
        ? sql`and (d.contact_id, d.id) > (${options.after.contactId}::uuid, ${options.after.id}::uuid)`
        : sql`and d.contact_id > ${options.after.contactId}`;
  const query = sql<Omit<DueDelivery, "contact"> & Record<string, unknown>>`
    select d.id, d.contact_id, d.journey_run_id, d.address, d.attempts + 1 as attempts,
      c.id as c_id, c.email as c_email, c.name as c_name, c.phone as c_phone, c.attributes as c_attributes,
      (select r.trigger_properties::text from journey_runs r where r.id = d.journey_run_id) as r_trigger_properties
    from deliveries d left join contacts c on c.id = d.contact_id
    where ${chunkScope(options)} ${after}
      and d.status = 'queued' and (d.next_attempt_at is null or d.next_attempt_at <= now())
    order by d.contact_id ${batch ? sql`, d.id` : sql``}
    limit ${options.limit}`.compile(db);
  // A journey's batch is read on its own index whatever the values, and planning the read cost
  // more than running it (decision 021): a named statement, planned once per connection. A
  // broadcast's range read stays planned each time, for the range's own estimates.
  const rows = batch ? await executePrepared(db, query) : (await db.executeQuery(query)).rows;
  return rows.map(toDueDelivery);
}

/**
 * The condition on `d` that selects a chunk's deliveries. A journey's chunk is its
 * batch alone, read in contact order on deliveries_journey_batch_idx (the batch implies
 * the campaign and the range, and leaving them out leaves the planner no other index
 * to walk: the campaign's contact range grows with every batch). A broadcast's chunk is
 * its range of the campaign's contacts.
 */
function chunkScope(options: { campaignId: string; chunk: Chunk }) {
  const { campaignId, chunk } = options;
  if (chunk.batch) return sql`d.journey_batch = ${chunk.batch}`;
  const upper = chunk.to === null ? sql`` : sql`and d.contact_id < ${chunk.to}`;
  return sql`d.campaign_id = ${campaignId} and d.contact_id >= ${chunk.from} ${upper}`;
}

function toDueDelivery(row: Omit<DueDelivery, "contact"> & Record<string, unknown>): DueDelivery {
  return {
    id: row.id,
    contactId: row.contactId,
    journeyRunId: row.journeyRunId,
    address: row.address,
    attempts: row.attempts,
    contact: row.cId
      ? {
          id: row.cId as string,
          email: row.cEmail as string,
          name: row.cName as string | null,
          phone: row.cPhone as string | null,
          attributes: row.cAttributes as Json,
          // As text: the camel-casing of result keys would rename the event's property names.
          event: row.rTriggerProperties ? { properties: JSON.parse(row.rTriggerProperties as string) as Json } : null,
        }
      : null,
  };
}

/**
 * Due deliveries about to be handed to the provider become `sending` (attempts + 1,
 * leased to `owner`), committed before the handoff, so a worker that dies from here
 * on leaves them `unknown`, and one that dies before leaves them queued for the
 * next. Returns the ids it took: only those may be sent (another job on the same
 * chunk may have taken the rest; a row is taken once, since only a queued row can
 * be). The answers received since the last call are recorded in the same
 * statement, so the rows in `sending` never outnumber the messages the sender
 * really holds, and the hot path costs one round trip per group.
 */
export async function markSending(
  db: Database,
  options: {
    owner: string;
    ids: string[];
    leaseSeconds: number;
    answered?: DeliveryOutcome[];
    alongside?: AlongsideAnswers;
    /**
     * Decides again, in the marking transaction and before the statement, which of `ids`
     * may still go (the frequency caps: see `holdBackAsMarked`); the others are not taken.
     */
    stillFree?: (trx: Database) => Promise<string[]>;
  },
): Promise<Set<string>> {
  const answered = options.answered ?? [];
  if (options.ids.length === 0) {
    await recordOutcomes(db, { owner: options.owner, outcomes: answered, alongside: options.alongside });
    return new Set();
  }
  // Both statements see the same snapshot; their rows never overlap, since a message is answered only after it was
  // marked.
  const record = answered.length ? sql`with ${outcomeSteps(options.owner, answered)} ` : sql``;
  const { stillFree } = options;
  const { rows } = await againOnDeadlock(
    db,
    options.alongside,
    async (trx) =>
      sql<{ id: string }>`
    ${record}update deliveries set status = 'sending', attempts = attempts + 1,
      lease_owner = ${options.owner}, lease_expires_at = now() + make_interval(secs => ${options.leaseSeconds}), updated_at = now()
    where id = any(${stillFree ? await stillFree(trx) : options.ids}::uuid[]) and status = 'queued'
      and (next_attempt_at is null or next_attempt_at <= now())
    returning id`.execute(trx),
    { transaction: stillFree !== undefined },
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Records what the provider answered, in one statement: sent, failed for good, or
 * queued again for a later attempt. Only rows this owner still holds change; a row
 * declared unknown because the lease lapsed while the provider was slow gets its
 * real outcome after all. A hard bounce is failed with bounced_at set (analytics
 * count it as bounced), and in the same statement its address joins the team's
 * suppressions for the channel and an email contact turns `bounced`, so the next
 * campaign excludes it as suppressed.
 */
export async function recordOutcomes(
  db: Database,
  options: { owner: string; outcomes: DeliveryOutcome[]; alongside?: AlongsideAnswers },
): Promise<void> {
  if (options.outcomes.length === 0) return;
  // Its text is one of two (with or without bounces) and the plan the same for any answers: a
  // named statement, since planning its steps cost a tenth of running them.
  await againOnDeadlock(db, options.alongside, (trx) =>
    executePrepared(trx, sql`with ${outcomeSteps(options.owner, options.outcomes)} select 1`.compile(trx)),
  );
}

/**
 * What must commit with the answers being recorded, or not at all: the journeys that
 * contacts just sent a message enter. Given the transaction, after the ledger's statement.
 */
export type AlongsideAnswers = (trx: Database) => Promise<void>;

const DEADLOCK_DETECTED = "40P01";

/**
 * Runs one statement again when PostgreSQL ended it as a deadlock. Two workers on one
 * chunk (a job retried while its first run still goes) now and then lock the same rows
 * in other orders; the ended statement changed nothing, so running it again is exact,
 * where failing would leave the answers it carried to become unknown. With work to do
 * alongside, statement and work share one transaction, run again whole.
 */
async function againOnDeadlock<T>(
  db: Database,
  alongside: AlongsideAnswers | undefined,
  statement: (trx: Database) => Promise<T>,
  options: { transaction?: boolean } = {},
  attempts = 3,
): Promise<T> {
  const run =
    alongside || options.transaction
      ? () =>
          db.transaction().execute(async (trx) => {
            const result = await statement(trx);
            await alongside?.(trx);
            return result;
          })
      : () => statement(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/**
 * The common table expressions that record answers (PostgreSQL allows data-modifying
 * steps only at the top of a WITH, so callers put these first and add their own
 * statement after).
 */
function outcomeSteps(owner: string, outcomes: DeliveryOutcome[]) {
  const ids = outcomes.map((o) => o.id);
  const statuses = outcomes.map((o) => o.status);
  const providerIds = outcomes.map((o) => (o.status === "sent" ? o.providerMessageId : null));
  const errors = outcomes.map((o) => (o.status === "sent" ? null : o.error));
  const nextAttempts = outcomes.map((o) => (o.status === "queued" ? o.nextAttemptAt.toISOString() : null));
  const bounced = outcomes.map((o) => o.status === "failed" && o.bounced === true);
  return sql`
    recorded as (
      update deliveries d set
        status = o.status,
        provider_message_id = coalesce(o.provider_message_id, d.provider_message_id),
        error = o.error,
        next_attempt_at = o.next_attempt_at,
        sent_at = case when o.status = 'sent' then now() else d.sent_at end,
        failed_at = case when o.status = 'failed' then now() else d.failed_at end,
        bounced_at = case when o.bounced then now() else d.bounced_at end,
        lease_owner = case when o.status = 'queued' then null else d.lease_owner end,
        lease_expires_at = null,
        updated_at = now()
      from unnest(${ids}::uuid[], ${statuses}::text[], ${providerIds}::text[], ${errors}::text[], ${nextAttempts}::timestamptz[], ${bounced}::boolean[])
        as o(id, status, provider_message_id, error, next_attempt_at, bounced)
      where d.id = o.id and d.lease_owner = ${owner} and d.status in ('sending', 'unknown')
      returning d.team_id, d.contact_id, d.channel, d.address, d.error, o.bounced
    )${bounced.includes(true) ? bounceSteps : sql``}`;
}

/**
 * What a hard bounce among the answers adds: the address suppressed and an email contact
 * `bounced`. Left out of the statement when no answer bounced (nearly always): the update
 * of contacts would change no row, but its statement trigger (the search queue) still ran
 * for every group recorded.
 */
const bounceSteps = sql`,
    suppressed as (
      insert into suppressions (team_id, channel, address, reason, detail)
      select team_id, channel, lower(address), 'bounced', error from recorded where bounced
      on conflict (team_id, channel, address) do nothing
    ),
    bounced_contacts as (
      update contacts c set email_status = 'bounced', updated_at = now()
      from recorded r
      where r.bounced and r.channel = 'EMAIL' and c.id = r.contact_id and c.team_id = r.team_id and c.email_status = 'subscribed'
    )`;

/** When the chunk's earliest delivery still queued is due (a transient failure's retry), or null when none is. */
export async function nextRetryAt(db: Database, options: { campaignId: string; chunk: Chunk }): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    select min(coalesce(d.next_attempt_at, now())) as at from deliveries d
    where ${chunkScope(options)} and d.status = 'queued'`.execute(db);
  return rows[0]?.at ?? null;
}
