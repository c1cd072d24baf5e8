import type { Database } from "#db/database.ts";
import { sentCampaignsSummary } from "#server/tracking/analytics.ts";

/**
 * The spec's rate: part / whole × 100 to one decimal, "0.0" when nothing was sent
 * (a rate of nothing is shown as zero, never as NaN or a division error).
 */
export function formatRate(part: number, whole: number): string {
  if (!(whole > 0)) return "0.0";
  return ((part / whole) * 100).toFixed(1);
}

export type CampaignSummary = { totalCampaigns: number; emailsSent: number; avgOpenRate: string; avgClickRate: string };

/**
 * The Broadcasts summary cards, over all of the team's campaigns (not the page
 * shown), in one aggregate query. As the spec says, only SENT campaigns count:
 * drafts and scheduled ones have no results yet. Emails Sent counts EMAIL
 * campaigns only, as its name says; the rates are pooled over every SENT campaign
 * (total opens / total sent), so a tiny test send cannot skew them.
 * See docs/decisions/016-broadcast-and-dashboard-figures.md.
 */
export async function campaignSummary(db: Database, options: { teamId: string }): Promise<CampaignSummary> {
  const totals = await sentCampaignsSummary(db, options);
  return {
    totalCampaigns: totals.campaigns,
    emailsSent: totals.emailSent,
    avgOpenRate: formatRate(totals.opened, totals.sent),
    avgClickRate: formatRate(totals.clicked, totals.sent),
  };
}
