import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { hourOf, notifyTeam } from "./notify.ts";

/**
 * "A provider rejected messages in bulk": at least this many of one campaign's
 * messages failed within the window. A few failures are bad addresses; this many
 * at once usually means the provider refuses the account or the content.
 */
export const BULK_REJECTION = { failures: 25, windowMinutes: 10 } as const;

/**
 * Looks at the campaign's failures of the last window (an indexed read of at most
 * BULK_REJECTION.failures rows) and tells the team when they reach the threshold;
 * at most once an hour per campaign.
 */
export async function notifyIfBulkRejected(db: Database, options: { campaignId: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - BULK_REJECTION.windowMinutes * 60_000);
  const { rows } = await sql<{ failures: number }>`
    select count(*)::int as failures from (
      select 1 from deliveries
      where campaign_id = ${options.campaignId}::uuid and status = 'failed' and failed_at >= ${since}
      limit ${BULK_REJECTION.failures}
    ) recent`.execute(db);
  if ((rows[0]?.failures ?? 0) < BULK_REJECTION.failures) return;
  const campaign = await db
    .selectFrom("campaigns")
    .select(["id", "teamId", "name"])
    .where("id", "=", options.campaignId)
    .executeTakeFirst();
  if (!campaign) return;
  await notifyTeam(db, {
    teamId: campaign.teamId,
    kind: "delivery-trouble",
    title: `The provider rejected many messages of "${campaign.name}"`,
    body: `At least ${BULK_REJECTION.failures} messages failed within ${BULK_REJECTION.windowMinutes} minutes. See the reasons on the campaign's recipients.`,
    linkPath: `/dashboard/broadcasts/${campaign.id}`,
    dedupeKey: `bulk-rejection:${campaign.id}:${hourOf(now)}`,
  });
}
