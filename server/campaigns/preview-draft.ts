import type { Database } from "#db/database.ts";
import { type CampaignPreview, previewCampaign } from "#server/content/preview.ts";
import { contentColumns } from "./content-columns.ts";
import type { CampaignInput } from "#shared/campaigns/schemas.ts";

/**
 * The campaign dialog's content as it stands, rendered for a real contact of the team
 * (the one named by `previewEmail`, else a sample): the same rendering a send uses,
 * SMS count included. Saves nothing, so create and edit preview alike.
 */
export async function previewCampaignDraft(
  db: Database,
  options: { teamId: string; input: CampaignInput & { previewEmail?: string } },
): Promise<CampaignPreview> {
  const { input } = options;
  const columns = await contentColumns(input);
  return previewCampaign(db, {
    teamId: options.teamId,
    campaign: { type: input.type, ...columns },
    contactEmail: input.previewEmail,
  });
}
