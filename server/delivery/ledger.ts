import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { Json } from "../../db/types.ts";
import type { Chunk } from "./recipients.ts";

/** A delivery claimed for sending, with what rendering needs of its contact. */
export type ClaimedDelivery = {
  id: string;
  contactId: string;
  address: string;
  attempts: number;
  contact: { id: string; email: string; name: string | null; phone: string | null; attributes: Json } | null;
};

/** What became of one claimed delivery. */
export type DeliveryOutcome =
  | { id: string; status: "sent"; providerMessageId: string | null }
  | { id: string; status: "failed"; error: string; /** A hard bounce: recorded as bounced and the address suppressed. */ bounced?: boolean }
  | { id: string; status: "queued"; error: string; nextAttemptAt: Date };

/**
 * Claims up to `limit` of the chunk's queued deliveries that are due, for `owner`:
 * queued → sending with a lease, attempts + 1, in one statement. SKIP LOCKED lets
 * two jobs on the same chunk (a retried job beside a slow one) split the rows; only
 * a queued row can be claimed, so no delivery is handed to a provider twice.
 */
export async function claimDeliveries(
  db: Database,
  options: { campaignId: string; chunk: Chunk; owner: string; limit: number; leaseSeconds: number },
): Promise<ClaimedDelivery[]> {
  const { campaignId, chunk } = options;
  const upper = chunk.to === null ? sql`` : sql`and contact_id < ${chunk.to}`;
  const { rows } = await sql<Omit<ClaimedDelivery, "contact"> & Record<string, unknown>>`
    with due as (
      select id from deliveries
      where campaign_id = ${campaignId} and contact_id >= ${chunk.from} ${upper}
        and status = 'queued' and (next_attempt_at is null or next_attempt_at <= now())
      order by contact_id
      limit ${options.limit}
      for update skip locked
    ),
    claimed as (
      update deliveries d set status = 'sending', attempts = d.attempts + 1, lease_owner = ${options.owner},
        lease_expires_at = now() + make_interval(secs => ${options.leaseSeconds}), updated_at = now()
      from due where d.id = due.id
      returning d.id, d.contact_id, d.address, d.attempts
    )
    select claimed.*, c.id as c_id, c.email as c_email, c.name as c_name, c.phone as c_phone, c.attributes as c_attributes
    from claimed left join contacts c on c.id = claimed.contact_id
    order by claimed.contact_id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    contactId: row.contactId,
    address: row.address,
    attempts: row.attempts,
    contact: row.cId
      ? { id: row.cId as string, email: row.cEmail as string, name: row.cName as string | null, phone: row.cPhone as string | null, attributes: row.cAttributes as Json }
      : null,
  }));
}

/**
 * Records what the provider answered for claimed deliveries, in one statement: sent,
 * failed for good, or queued again for a later attempt. Only rows this owner still
 * holds change; a row declared unknown because the lease lapsed while the provider
 * was slow gets its real outcome after all. A hard bounce is failed with bounced_at
 * set (analytics count it as bounced), and in the same statement its address joins
 * the team's suppressions for the channel and an email contact turns `bounced`, so
 * the next campaign excludes it as suppressed.
 */
export async function recordOutcomes(db: Database, options: { owner: string; outcomes: DeliveryOutcome[] }): Promise<void> {
  if (options.outcomes.length === 0) return;
  const ids = options.outcomes.map((o) => o.id);
  const statuses = options.outcomes.map((o) => o.status);
  const providerIds = options.outcomes.map((o) => (o.status === "sent" ? o.providerMessageId : null));
  const errors = options.outcomes.map((o) => (o.status === "sent" ? null : o.error));
  const nextAttempts = options.outcomes.map((o) => (o.status === "queued" ? o.nextAttemptAt.toISOString() : null));
  const bounced = options.outcomes.map((o) => o.status === "failed" && o.bounced === true);
  await sql`
    with recorded as (
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
    where d.id = o.id and d.lease_owner = ${options.owner} and d.status in ('sending', 'unknown')
    returning d.team_id, d.contact_id, d.channel, d.address, d.error, o.bounced
    ),
    suppressed as (
      insert into suppressions (team_id, channel, address, reason, detail)
      select team_id, channel, lower(address), 'bounced', error from recorded where bounced
      on conflict (team_id, channel, address) do nothing
    )
    update contacts c set email_status = 'bounced', updated_at = now()
    from recorded r
    where r.bounced and r.channel = 'EMAIL' and c.id = r.contact_id and c.team_id = r.team_id and c.email_status = 'subscribed'`.execute(db);
}

/** When the chunk's earliest delivery waiting for a retry is due, or null when none waits. */
export async function nextRetryAt(db: Database, options: { campaignId: string; chunk: Chunk }): Promise<Date | null> {
  const upper = options.chunk.to === null ? sql`` : sql`and contact_id < ${options.chunk.to}`;
  const { rows } = await sql<{ at: Date | null }>`
    select min(next_attempt_at) as at from deliveries
    where campaign_id = ${options.campaignId} and contact_id >= ${options.chunk.from} ${upper} and status = 'queued'`.execute(db);
  return rows[0]?.at ?? null;
}
