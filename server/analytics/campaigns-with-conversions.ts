import type { Database } from "#db/database.ts";
import { type CampaignRow, type CampaignSort, readCampaignsInRange } from "./breakdowns.ts";
import type { RollupFilter } from "./campaign-rollups.ts";
import { type ConversionFigures, readConversionsByCampaign, withConversions } from "./campaign-conversions.ts";

export type CampaignRowWithConversions = CampaignRow & ConversionFigures;

/**
 * The campaigns table of a range (rows, order and limit as `readCampaignsInRange`
 * gives them, with how many there are in all) with each campaign's conversions in
 * the range joined in by id, their rate over the row's recipients who received a message.
 */
export async function readCampaignsWithConversions(
  db: Database,
  filter: RollupFilter & { sort: CampaignSort; limit: number },
): Promise<{ rows: CampaignRowWithConversions[]; total: number }> {
  const [campaigns, conversions] = await Promise.all([
    readCampaignsInRange(db, filter),
    readConversionsByCampaign(db, filter),
  ]);
  return {
    rows: campaigns.rows.map((row) => ({ ...row, ...withConversions(row, conversions.get(row.id)) })),
    total: campaigns.total,
  };
}
