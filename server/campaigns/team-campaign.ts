import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { CAMPAIGN_NOT_FOUND } from "./campaigns.ts";
import { isId } from "#db/ids.ts";

/**
 * The campaign's id when it is this team's; a malformed id, an unknown one and another
 * team's are all NOT_FOUND alike, so nobody learns another team's campaign exists.
 * One primary-key read, for reports that need no more of the campaign than that.
 */
export async function requireTeamCampaignId(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<string> {
  const row = isId(options.campaignId)
    ? await db
        .selectFrom("campaigns")
        .select("id")
        .where("id", "=", options.campaignId)
        .where("teamId", "=", options.teamId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError("NOT_FOUND", CAMPAIGN_NOT_FOUND);
  return row.id;
}
