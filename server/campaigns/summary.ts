import type { CampaignState } from "./schemas.ts";

/**
 * The spec's rate: part / whole × 100 to one decimal, "0.0" when nothing was sent
 * (a rate of nothing is shown as zero, never as NaN or a division error).
 */
export function formatRate(part: number, whole: number): string {
  if (!(whole > 0)) return "0.0";
  return ((part / whole) * 100).toFixed(1);
}

export type CampaignSummary = { totalCampaigns: number; emailsSent: number; avgOpenRate: string; avgClickRate: string };

type SummarisedCampaign = { state: CampaignState; analytics: { sent: number; opened: number; clicked: number } };

/**
 * The Broadcasts summary cards. As the spec says, only SENT campaigns count:
 * drafts and scheduled ones have no results yet. The averages weigh every
 * message alike (total opens / total sent), so a tiny test send cannot skew them.
 */
export function summarizeCampaigns(campaigns: readonly SummarisedCampaign[]): CampaignSummary {
  const sent = campaigns.filter((campaign) => campaign.state === "SENT");
  const totals = sent.reduce(
    (sum, { analytics }) => ({ sent: sum.sent + analytics.sent, opened: sum.opened + analytics.opened, clicked: sum.clicked + analytics.clicked }),
    { sent: 0, opened: 0, clicked: 0 },
  );
  return {
    totalCampaigns: sent.length,
    emailsSent: totals.sent,
    avgOpenRate: formatRate(totals.opened, totals.sent),
    avgClickRate: formatRate(totals.clicked, totals.sent),
  };
}
