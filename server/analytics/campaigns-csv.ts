import { toCsvLine } from "#server/csv.ts";
import type { CampaignRowWithConversions } from "./campaigns-with-conversions.ts";

const HEADER = [
  "campaign_id",
  "campaign",
  "channel",
  "sent",
  "delivered",
  "opened",
  "open_rate",
  "clicked",
  "click_rate",
  "unsubscribed",
  "bounced",
  "failed",
  "conversions",
  "conversion_rate",
  "revenue",
];

/** The campaigns table of the Analytics page as CSV, in the page's order, rates to one decimal. */
export function writeCampaignsCsv(rows: readonly CampaignRowWithConversions[]): string {
  const lines = [toCsvLine(HEADER)];
  for (const row of rows) {
    lines.push(
      toCsvLine(
        [
          row.id,
          row.name,
          row.channel,
          row.sent,
          row.delivered,
          row.opened,
          row.openRate.toFixed(1),
          row.clicked,
          row.clickRate.toFixed(1),
          row.unsubscribed,
          row.bounced,
          row.failed,
          row.conversions,
          row.conversionRate.toFixed(1),
          row.revenue,
        ].map(String),
      ),
    );
  }
  return lines.join("");
}
