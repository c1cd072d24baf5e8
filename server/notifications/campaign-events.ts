import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { notifyTeams } from "./notify.ts";

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/**
 * Tells each campaign's team that it finished sending, with how many messages were
 * sent and how many failed. Called where campaigns become SENT; once per campaign
 * however often it is called.
 */
export async function notifyCampaignsSent(db: Database, campaignIds: readonly string[]): Promise<void> {
  if (campaignIds.length === 0) return;
  const campaigns = await db
    .selectFrom("campaigns as c")
    .leftJoin("campaignDeliveryCounts as n", "n.campaignId", "c.id")
    .select([
      "c.id",
      "c.teamId",
      "c.name",
      sql<string>`coalesce(sum(n.total) filter (where n.status = 'sent'), 0)`.as("sent"),
      // A message whose outcome is unknown did not reach anyone as far as Murmur can tell.
      sql<string>`coalesce(sum(n.total) filter (where n.status in ('failed', 'unknown')), 0)`.as("failed"),
    ])
    .where("c.id", "in", [...campaignIds])
    .where("c.state", "=", "SENT")
    .groupBy(["c.id", "c.teamId", "c.name"])
    .execute();
  await notifyTeams(
    db,
    campaigns.map((campaign) => {
      const failed = Number(campaign.failed);
      const sent = `Sent to ${plural(Number(campaign.sent), "recipient")}`;
      return {
        teamId: campaign.teamId,
        kind: "campaign-sent",
        title: failed > 0 ? `"${campaign.name}" finished sending with failures` : `"${campaign.name}" finished sending`,
        body: failed > 0 ? `${sent}; ${plural(failed, "message")} failed.` : `${sent}.`,
        linkPath: `/dashboard/broadcasts/${campaign.id}`,
        dedupeKey: `campaign-sent:${campaign.id}`,
      };
    }),
  );
}

/** Tells each campaign's team that a scheduled campaign started sending; once per campaign. */
export async function notifyScheduledCampaignsStarted(
  db: Database,
  campaigns: readonly { id: string; teamId: string; name: string }[],
): Promise<void> {
  await notifyTeams(
    db,
    campaigns.map((campaign) => ({
      teamId: campaign.teamId,
      kind: "campaign-started",
      title: `"${campaign.name}" started sending`,
      body: "Its scheduled time came.",
      linkPath: `/dashboard/broadcasts/${campaign.id}`,
      dedupeKey: `campaign-started:${campaign.id}`,
    })),
  );
}
