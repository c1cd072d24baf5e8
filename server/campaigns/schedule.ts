import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { type CampaignView, getCampaign, lockCampaign, requireFutureTime } from "./campaigns.ts";
import { requireReadyToSchedule } from "./content-columns.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";

/** DRAFT → SCHEDULED at a future time. Any other state is a 409; a past or invalid time a 400. */
export async function scheduleCampaign(
  db: Database,
  options: { access: TeamAccess; campaignId: string; scheduledTime: string },
): Promise<CampaignView> {
  authorize(options.access, "campaigns.send");
  const scheduledAt = requireFutureTime(options.scheduledTime);
  await db.transaction().execute(async (trx) => {
    const current = await lockCampaign(trx, { teamId: options.access.teamId, campaignId: options.campaignId });
    if (current.state !== "DRAFT") {
      throw new AppError("CONFLICT", `Only a DRAFT campaign can be scheduled; this one is ${current.state}.`);
    }
    requireReadyToSchedule(current);
    await trx
      .updateTable("campaigns")
      .set({ state: "SCHEDULED", scheduledAt, updatedAt: new Date() })
      .where("id", "=", current.id)
      .execute();
    await recordAudit(trx, {
      access: options.access,
      action: "campaign.scheduled",
      target: { kind: "campaign", id: current.id, label: current.name },
      details: { scheduledAt: scheduledAt.toISOString() },
    });
  });
  return getCampaign(db, { teamId: options.access.teamId, campaignId: options.campaignId });
}

/** SCHEDULED → DRAFT: the campaign will not start until scheduled again. */
export async function unscheduleCampaign(
  db: Database,
  options: { access: TeamAccess; campaignId: string },
): Promise<CampaignView> {
  authorize(options.access, "campaigns.send");
  await db.transaction().execute(async (trx) => {
    const current = await lockCampaign(trx, { teamId: options.access.teamId, campaignId: options.campaignId });
    if (current.state !== "SCHEDULED") {
      throw new AppError(
        "CONFLICT",
        `Only a SCHEDULED campaign can be moved back to draft; this one is ${current.state}.`,
      );
    }
    await trx
      .updateTable("campaigns")
      .set({ state: "DRAFT", scheduledAt: null, updatedAt: new Date() })
      .where("id", "=", current.id)
      .execute();
    await recordAudit(trx, {
      access: options.access,
      action: "campaign.unscheduled",
      target: { kind: "campaign", id: current.id, label: current.name },
    });
  });
  return getCampaign(db, { teamId: options.access.teamId, campaignId: options.campaignId });
}
