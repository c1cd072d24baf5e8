import { randomUUID } from "node:crypto";
import type { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { bossDb } from "#db/boss-db.ts";
import { notifyScheduledCampaignsStarted } from "#server/notifications/campaign-events.ts";
import { finishCampaigns } from "./finish.ts";
import { CAMPAIGN_START_QUEUE, SEND_CHUNK_QUEUE } from "./queues.ts";
import { resolveRecipients } from "./recipients.ts";
import type { ChunkJob } from "./send-chunk.ts";

/**
 * The scheduler's tick: SCHEDULED campaigns whose time has come become ACTIVE, and
 * every ACTIVE campaign not yet started gets its start job, created in the same
 * transaction that marks it requested (so exactly one, even with several workers).
 */
export async function startDueCampaigns(db: Database, boss: PgBoss): Promise<string[]> {
  const scheduled = await db
    .updateTable("campaigns")
    .set((eb) => ({ state: "ACTIVE", startedAt: eb.fn("now"), updatedAt: eb.fn("now") }))
    .where("state", "=", "SCHEDULED")
    .where("scheduledAt", "<=", new Date())
    .returning(["id", "teamId", "name"])
    .execute();
  await notifyScheduledCampaignsStarted(db, scheduled);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("campaigns")
      .select(["id", "traceId"])
      .where("state", "=", "ACTIVE")
      .where("startRequestedAt", "is", null)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await trx.updateTable("campaigns").set({ startRequestedAt: new Date() }).where("id", "in", ids).execute();
    // A campaign sent by a request carries that request's id; one started by its schedule gets its own.
    const traced = due.map((row) => ({ campaignId: row.id, traceId: row.traceId ?? randomUUID() }));
    await boss.insert(
      CAMPAIGN_START_QUEUE,
      traced.map((data) => ({ data })),
      { db: bossDb(trx) },
    );
    return ids;
  });
}

/**
 * A start job: resolves the campaign's recipients into the ledger and creates its
 * chunk jobs, all in one transaction with the campaign locked, so a retried or
 * duplicated start does nothing twice. A campaign that reaches nobody is SENT at once.
 */
export async function startCampaign(
  db: Database,
  boss: PgBoss,
  campaignId: string,
  traceId?: string,
): Promise<{ recipients: number; chunks: number } | null> {
  const started = await db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom("campaigns")
      .select(["id", "teamId", "type", "state", "resolvedAt"])
      .where("id", "=", campaignId)
      .forUpdate()
      .executeTakeFirst();
    if (!campaign || campaign.state !== "ACTIVE" || campaign.resolvedAt) return null;
    const { recipients, chunks } = await resolveRecipients(trx, {
      id: campaign.id,
      teamId: campaign.teamId,
      type: campaign.type as CampaignType,
    });
    await trx
      .updateTable("campaigns")
      .set({ resolvedAt: new Date(), updatedAt: new Date() })
      .where("id", "=", campaign.id)
      .execute();
    if (chunks.length > 0) {
      // Workers take chunks by priority, then age: the n-th chunk of every campaign goes before the
      // (n + 1)-th of any, so a broadcast started behind a million-recipient one of another team
      // interleaves with it instead of waiting for its last chunk, and a journey's messages (priority
      // 0, server/delivery/journey-deliveries.ts) go before the second chunk of any broadcast.
      const jobs = chunks.map((chunk, n): { data: ChunkJob; priority: number } => ({
        data: { campaignId: campaign.id, chunk, traceId },
        priority: -n,
      }));
      await boss.insert(SEND_CHUNK_QUEUE, jobs, { db: bossDb(trx) });
    }
    return { recipients, chunks: chunks.length };
  });
  if (started?.chunks === 0) await finishCampaigns(db, { campaignIds: [campaignId] });
  return started;
}
