import { sql } from "kysely";
import type { PgBoss } from "pg-boss";
import { bossDb } from "#db/boss-db.ts";
import { newId } from "#db/ids.ts";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { classifiedContacts, type ExclusionReason } from "./audience.ts";
import { SEND_CHUNK_QUEUE } from "./queues.ts";
import { CHUNK_SIZE } from "./recipients.ts";
import type { ChunkJob } from "./send-chunk.ts";

/** A run reaching a send step: its contact gets one delivery of the step's campaign per run. */
export type JourneyRecipient = { runId: string; contactId: string };

/** What became of each run's message: in the ledger (queued), left out with the campaigns' reason, or skipped. */
export type JourneyLedgerResult = {
  queued: Set<string>;
  excluded: Map<string, ExclusionReason | "deleted">;
};

/**
 * Decides a journey step's messages and returns, with what became of each run's
 * message, the write that puts them into the delivery ledger. Call both in the
 * caller's transaction (the one that moves the runs on), so a run passes its send
 * step exactly when its delivery exists: a queued delivery per run whose contact can
 * be reached on the channel (unique per campaign, contact and run, so a retried batch
 * writes nothing twice), an excluded_recipients row with the reason for the others
 * (as a broadcast leaves them out), a `skipped` delivery with the reason for those
 * the send policy held back for good. The chunk job that sends the queued ones is
 * created by the same write: the existing send pipeline hands them over under its
 * leases, so a worker's crash leaves a message sent once or `unknown`, never twice.
 *
 * The write is separate so the caller can make it its transaction's last: inserting
 * deliveries locks the campaign's per-status totals row (campaign_delivery_counts)
 * until commit, and every chunk of the campaign sending meanwhile waits for that row.
 */
export async function planJourneyDeliveries(
  trx: Database,
  boss: PgBoss,
  options: {
    campaign: { id: string; teamId: string; type: CampaignType };
    recipients: JourneyRecipient[];
    skipped?: (JourneyRecipient & { reason: string })[];
    traceId?: string;
  },
): Promise<{ result: JourneyLedgerResult; write: () => Promise<void> }> {
  const { campaign } = options;
  const result: JourneyLedgerResult = { queued: new Set(), excluded: new Map() };
  const skipped = options.skipped ?? [];
  const contactIds = [...new Set([...options.recipients, ...skipped].map((r) => r.contactId))];
  if (contactIds.length === 0) return { result, write: async () => {} };
  const { rows } = await classifiedContacts({ teamId: campaign.teamId, channel: campaign.type, contactIds }).execute(
    trx,
  );
  const byContact = new Map(rows.map((row) => [row.contactId, row]));

  const queued: { runId: string; contactId: string; address: string }[] = [];
  const excluded: { contactId: string; reason: ExclusionReason; address: string | null }[] = [];
  for (const recipient of options.recipients) {
    const found = byContact.get(recipient.contactId);
    if (!found) result.excluded.set(recipient.runId, "deleted");
    else if (found.reason || found.address === null) {
      result.excluded.set(recipient.runId, found.reason ?? "no_address");
      excluded.push({ contactId: recipient.contactId, reason: found.reason ?? "no_address", address: found.address });
    } else {
      result.queued.add(recipient.runId);
      queued.push({ ...recipient, address: found.address });
    }
  }
  const write = async () => {
    if (queued.length > 0) {
      // Names this write's deliveries, so its chunk job reads them alone, by index, window by window.
      const batch = newId();
      await sql`
      insert into deliveries (team_id, campaign_id, contact_id, channel, address, journey_run_id, journey_batch)
      select ${campaign.teamId}, ${campaign.id}, contact_id, ${campaign.type}, address, run_id, ${batch}::uuid
      from unnest(${queued.map((q) => q.contactId)}::uuid[], ${queued.map((q) => q.address)}::text[], ${queued.map((q) => q.runId)}::uuid[])
        as q(contact_id, address, run_id)
      order by contact_id
      on conflict (campaign_id, contact_id, journey_run_id) do nothing`.execute(trx);
      const sorted = queued.map((q) => q.contactId).sort();
      const chunk = { from: sorted[0]!, to: successorOf(sorted.at(-1)!), batch };
      const job: ChunkJob = { campaignId: campaign.id, chunk, traceId: options.traceId };
      const priority = await backlogPriority(trx, campaign.id);
      await boss.insert(SEND_CHUNK_QUEUE, [{ data: job, priority }], { db: bossDb(trx) });
    }
    if (excluded.length > 0) {
      // One row per (campaign, contact), as for a broadcast: a contact left out twice (re-entry) is listed once.
      await sql`
      insert into excluded_recipients (campaign_id, team_id, contact_id, reason, address)
      select ${campaign.id}, ${campaign.teamId}, contact_id, reason, address
      from unnest(${excluded.map((e) => e.contactId)}::uuid[], ${excluded.map((e) => e.reason)}::text[], ${excluded.map((e) => e.address)}::text[])
        as e(contact_id, reason, address)
      on conflict (campaign_id, contact_id) do nothing`.execute(trx);
    }
    if (skipped.length > 0) {
      await sql`
      insert into deliveries (team_id, campaign_id, contact_id, channel, address, journey_run_id, status, error)
      select ${campaign.teamId}, ${campaign.id}, contact_id, ${campaign.type}, coalesce(address, ''), run_id, 'skipped', reason
      from unnest(${skipped.map((s) => s.contactId)}::uuid[], ${skipped.map((s) => byContact.get(s.contactId)?.address ?? null)}::text[],
        ${skipped.map((s) => s.runId)}::uuid[], ${skipped.map((s) => s.reason)}::text[]) as s(contact_id, address, run_id, reason)
      on conflict (campaign_id, contact_id, journey_run_id) do nothing`.execute(trx);
    }
  };
  return { result, write };
}

/**
 * The uuid right after `id`, so a chunk's exclusive upper bound includes `id` and
 * nothing past it; null past the last uuid (an open range).
 */
export function successorOf(id: string): string | null {
  const hex = id.replaceAll("-", "");
  const next = BigInt(`0x${hex}`) + 1n;
  if (next >= 1n << 128n) return null;
  const text = next.toString(16).padStart(32, "0");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/**
 * A journey batch's place among the chunks waiting to be sent, as a broadcast's n-th
 * chunk has priority -n (start-campaign.ts): minus the whole chunks' worth of this step's
 * messages queued ahead of this batch's last one (read after its insert, which the
 * step's per-status totals already count). A step that sends as people act has next to
 * nothing queued and goes first; a journey that a million contacts entered at once sinks
 * as its backlog grows, so it holds back neither other journeys' messages nor every
 * broadcast's tail.
 */
async function backlogPriority(trx: Database, campaignId: string): Promise<number> {
  const row = await trx
    .selectFrom("campaignDeliveryCounts")
    .select("total")
    .where("campaignId", "=", campaignId)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return -Math.floor(Math.max(Number(row?.total ?? 0) - 1, 0) / CHUNK_SIZE);
}
