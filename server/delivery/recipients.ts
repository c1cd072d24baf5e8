import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { withoutJit } from "#server/segments/filter/without-jit.ts";
import { classifiedAudience, type ExclusionReason } from "./audience.ts";

/** Deliveries per chunk job: enough to amortise each job's overhead, few enough to spread over workers. */
export const CHUNK_SIZE = 500;

export type AudienceCounts = { recipients: number; excluded: Record<ExclusionReason, number> };

type Campaign = { id: string; teamId: string; type: CampaignType };

/**
 * Who a campaign would reach right now, and who would be left out and why, without
 * writing anything: what the "Send now" confirmation shows.
 */
export async function previewRecipients(db: Database, campaign: Campaign): Promise<AudienceCounts> {
  const audience = await classifiedAudience(db, campaign);
  // A filter segment's audience is a filter read like a segment count: JIT would
  // cost more than the query (withoutJit says why).
  const { rows } = await withoutJit(db, (trx) =>
    sql<{ recipients: number; noAddress: number; unsubscribed: number; suppressed: number }>`
    select count(*) filter (where reason is null)::int as recipients,
      count(*) filter (where reason = 'no_address')::int as no_address,
      count(*) filter (where reason = 'unsubscribed')::int as unsubscribed,
      count(*) filter (where reason = 'suppressed')::int as suppressed
    from (${audience}) audience`.execute(trx),
  );
  const row = rows[0]!;
  return {
    recipients: row.recipients,
    excluded: { no_address: row.noAddress, unsubscribed: row.unsubscribed, suppressed: row.suppressed },
  };
}

/**
 * A chunk job's share of the ledger: the deliveries whose contact id is in [from, to),
 * `to` null for the last. A journey's chunk also names its batch: the deliveries one
 * batch of runs wrote (deliveries.journey_batch), whose contacts are spread over the
 * whole contact range (runs move in the order they became due), so the range alone
 * would take in other batches' deliveries and several jobs would chase the same rows.
 */
export type Chunk = { from: string; to: string | null; batch?: string };

/**
 * Writes the campaign's recipients into the ledger: one queued delivery per contact
 * reached, and one excluded row per contact left out, with its reason. One
 * statement, so a million recipients never pass through the application. Returns
 * the chunks to send: consecutive ranges of CHUNK_SIZE deliveries in contact order.
 * Call it inside the transaction that locks the campaign and records it as
 * resolved, so it happens exactly once.
 */
export async function resolveRecipients(
  trx: Database,
  campaign: Campaign,
): Promise<{ recipients: number; excluded: number; chunks: Chunk[] }> {
  const audience = await classifiedAudience(trx, campaign);
  // As in previewRecipients: a filter read over a million contacts is estimated far
  // above the JIT thresholds and runs faster without compiling.
  await sql`set local jit = off`.execute(trx);
  // Sorting and hashing a million rows in memory rather than in temporary files.
  await sql`set local work_mem = '256MB'`.execute(trx);
  // A data-modifying WITH runs to completion whether or not its rows are read.
  const { rows } = await sql<{ recipients: number; excluded: number; bounds: string[] }>`
    with audience as materialized (${audience}),
    excluded as (
      insert into excluded_recipients (campaign_id, team_id, contact_id, reason, address)
      select ${campaign.id}, ${campaign.teamId}, contact_id, reason, address from audience where reason is not null
    ),
    sorted as materialized (
      select contact_id, address, row_number() over (order by contact_id) as n from audience where reason is null
    ),
    queued as (
      insert into deliveries (team_id, campaign_id, contact_id, channel, address)
      select ${campaign.teamId}, ${campaign.id}, contact_id, ${campaign.type}, address from sorted order by n
    )
    select (select count(*) from sorted)::int as recipients,
      (select count(*) from audience where reason is not null)::int as excluded,
      array(select contact_id::text from sorted where n % ${CHUNK_SIZE} = 1 order by n) as bounds`.execute(trx);
  const { recipients, excluded, bounds } = rows[0]!;
  const chunks = bounds.map((from, index) => ({ from, to: bounds[index + 1] ?? null }));
  return { recipients, excluded, chunks };
}
