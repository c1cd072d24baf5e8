import type { Database } from "#db/database.ts";
import { type CampaignView, getCampaign, lockCampaign } from "#server/campaigns/campaigns.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { AppError } from "#server/errors.ts";
import { type AudienceCounts, previewRecipients } from "./recipients.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";

/** What the "Send now" confirmation shows: the campaign and who it would reach right now. */
export async function sendNowPreview(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<{ campaign: CampaignView; audience: AudienceCounts }> {
  const campaign = await getCampaign(db, options);
  const audience = await previewRecipients(db, {
    id: campaign.id,
    teamId: options.teamId,
    type: campaign.type as CampaignType,
  });
  return { campaign, audience };
}

/**
 * DRAFT → ACTIVE now. The worker picks it up within a second or two, resolves its
 * recipients into the ledger and starts sending. Any other state is a 409. `traceId`
 * (the sending request's id) is kept on the campaign and carried by its jobs, so the
 * workers' log lines of this send carry it too.
 */
export async function sendCampaignNow(
  db: Database,
  options: { access: TeamAccess; campaignId: string; traceId?: string },
): Promise<CampaignView> {
  authorize(options.access, "campaigns.send");
  await db.transaction().execute(async (trx) => {
    const current = await lockCampaign(trx, { teamId: options.access.teamId, campaignId: options.campaignId });
    if (current.state !== "DRAFT") {
      throw new AppError("CONFLICT", `Only a DRAFT campaign can be sent now; this one is ${current.state}.`);
    }
    const now = new Date();
    await trx
      .updateTable("campaigns")
      .set({ state: "ACTIVE", scheduledAt: null, startedAt: now, updatedAt: now, traceId: options.traceId ?? null })
      .where("id", "=", current.id)
      .execute();
    await recordAudit(trx, {
      access: options.access,
      action: "campaign.sent",
      target: { kind: "campaign", id: current.id, label: current.name },
    });
  });
  return getCampaign(db, { teamId: options.access.teamId, campaignId: options.campaignId });
}
