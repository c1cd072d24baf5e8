import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { decideSends } from "#server/frequency/decide.ts";
import type { SendPolicy } from "#server/frequency/settings.ts";
import type { DueDelivery } from "./ledger.ts";

/**
 * Applies the team's frequency caps and quiet hours to a window of due deliveries:
 * returns those that may go now, and records the rest in one statement, each with
 * the reason: a held one stays `queued` with `next_attempt_at` at the next allowed
 * moment (the chunk's next job is scheduled for the earliest, and the campaign stays
 * ACTIVE until they are sent), or becomes `skipped` when the team says so. Attempts
 * are not spent: nothing was handed over. One statement to decide the window, one to
 * record it.
 */
export async function holdBackDeliveries(
  db: Database,
  options: { teamId: string; channel: CampaignType; policy: SendPolicy; due: DueDelivery[]; now: Date },
): Promise<DueDelivery[]> {
  const { due, policy } = options;
  if (due.length === 0) return due;
  const decisions = await decideSends(db, {
    teamId: options.teamId,
    channel: options.channel,
    contactIds: due.map((d) => d.contactId),
    overCap: policy.overCap,
    now: options.now,
    policy,
  });
  const free: DueDelivery[] = [];
  const held: { id: string; action: "wait" | "skip"; until: string | null; reason: string }[] = [];
  for (const delivery of due) {
    const decision = decisions.get(delivery.contactId);
    if (!decision || decision.action === "send") free.push(delivery);
    else
      held.push({
        id: delivery.id,
        action: decision.action,
        until: decision.action === "wait" ? decision.until.toISOString() : null,
        reason: decision.reason,
      });
  }
  if (held.length > 0) {
    await sql`
      update deliveries d set
        status = case when h.action = 'skip' then 'skipped' else 'queued' end,
        next_attempt_at = h.until, error = h.reason, updated_at = now()
      from unnest(${held.map((h) => h.id)}::uuid[], ${held.map((h) => h.action)}::text[],
        ${held.map((h) => h.until)}::timestamptz[], ${held.map((h) => h.reason)}::text[]) as h(id, action, until, reason)
      where d.id = h.id and d.status = 'queued'`.execute(db);
  }
  return free;
}

/**
 * The same decision taken again where a window's messages are marked `sending`, in that
 * transaction, under a lock per contact and channel held until it commits: two jobs
 * (two campaigns, or a broadcast and a journey) that both found a contact under the cap
 * when they read their windows would otherwise both send. The second to lock sees the
 * first's message in the ledger and holds its own back, recorded as `holdBackDeliveries`
 * records it. Returns the ids that may be marked. Locks are taken in contact order, so
 * two jobs never wait on each other in a cycle.
 */
export async function holdBackAsMarked(
  trx: Database,
  options: { teamId: string; channel: CampaignType; policy: SendPolicy; due: DueDelivery[]; now: Date },
): Promise<string[]> {
  const contactIds = [...new Set(options.due.map((d) => d.contactId))].sort();
  await sql`
    select pg_advisory_xact_lock(hashtextextended(${`frequency ${options.channel} `} || id::text, 0))
    from (select unnest(${contactIds}::uuid[]) as id order by 1) as contact`.execute(trx);
  const free = await holdBackDeliveries(trx, options);
  return free.map((d) => d.id);
}
