import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { type Cursor, decodeCursor, encodeCursor } from "#server/keyset-cursor.ts";
import { AppError } from "#server/errors.ts";
import { type CampaignAnalytics, campaignAnalytics, NO_ANALYTICS } from "#server/tracking/analytics.ts";
import { type ContentColumns, contentColumns, requireReadyToSchedule } from "./content-columns.ts";
import type { ConversionGoal } from "#shared/campaigns/conversion-goal.ts";
import type { CampaignInput, CampaignState, CampaignType, ContentFormat } from "#shared/campaigns/schemas.ts";
import { setCampaignSegments } from "./segment-links.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { isId } from "#db/ids.ts";

export type CampaignView = {
  id: string;
  name: string;
  type: CampaignType;
  subject: string | null;
  content: string | null;
  contentFormat: ContentFormat;
  /** WhatsApp's approved template, for WhatsApp campaigns; null for the others. */
  whatsapp: { template: string | null; language: string | null; parameters: string[] } | null;
  state: CampaignState;
  scheduledAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  segmentLinks: { segmentId: string; segment: { name: string } }[];
  /** What counts as a conversion for this campaign (kept by server/analytics/attribute-conversions.ts), or null. */
  conversionGoal: ConversionGoal | null;
  /** Sent whatever the team's frequency caps and quiet hours say; its messages do not count against them either. */
  ignoreFrequencyCaps: boolean;
  /** The spec's { sent, opened, clicked }, with delivered, unsubscribed, bounced, failed and botOpened beside them. */
  analytics: CampaignAnalytics;
};

export const CAMPAIGN_NOT_FOUND = "Campaign not found.";

/** Only campaigns that have not started sending can change. */
export const EDITABLE_STATES: readonly CampaignState[] = ["DRAFT", "SCHEDULED"];

function campaignQuery(db: Database, teamId: string) {
  return db
    .selectFrom("campaigns")
    .select([
      "campaigns.id",
      "campaigns.name",
      "campaigns.type",
      "campaigns.subject",
      "campaigns.content",
      "campaigns.contentFormat",
      "campaigns.whatsappTemplate",
      "campaigns.whatsappLanguage",
      "campaigns.whatsappParameters",
      "campaigns.state",
      "campaigns.scheduledAt",
      "campaigns.sentAt",
      "campaigns.createdAt",
      "campaigns.ignoreFrequencyCaps",
      sql<ConversionGoal | null>`campaigns.conversion_goal`.as("conversionGoal"),
      (eb) =>
        eb
          .selectFrom("campaignSegments")
          .innerJoin("segments", "segments.id", "campaignSegments.segmentId")
          .select(
            sql<CampaignView["segmentLinks"]>`coalesce(jsonb_agg(jsonb_build_object(
              'segmentId', segments.id, 'segment', jsonb_build_object('name', segments.name)
            ) order by campaign_segments.position), '[]'::jsonb)`.as("links"),
          )
          .whereRef("campaignSegments.campaignId", "=", "campaigns.id")
          .as("segmentLinks"),
    ])
    .where("campaigns.teamId", "=", teamId);
}

type CampaignRow = Omit<CampaignView, "analytics" | "segmentLinks" | "whatsapp"> & {
  segmentLinks: CampaignView["segmentLinks"] | null;
  whatsappTemplate: string | null;
  whatsappLanguage: string | null;
  whatsappParameters: string[];
};

/** The rows with their analytics, read for all of them in one query. */
async function toViews(db: Database, teamId: string, rows: CampaignRow[]): Promise<CampaignView[]> {
  const analytics = await campaignAnalytics(db, { teamId, campaignIds: rows.map((row) => row.id) });
  return rows.map(({ whatsappTemplate, whatsappLanguage, whatsappParameters, ...row }) => ({
    ...row,
    whatsapp:
      row.type === "WHATSAPP"
        ? { template: whatsappTemplate, language: whatsappLanguage, parameters: whatsappParameters }
        : null,
    segmentLinks: row.segmentLinks ?? [],
    analytics: analytics.get(row.id) ?? NO_ANALYTICS,
  }));
}

/** The Broadcasts page's and the API's page size; the API takes `limit` up to MAX_CAMPAIGNS_LIMIT. */
export const CAMPAIGNS_PAGE_SIZE = 50;
export const MAX_CAMPAIGNS_LIMIT = 500;

/**
 * One page of the team's campaigns, newest first, by keyset on (created_at, id):
 * `after` is the nextCursor of the previous page (null on the last page). Each
 * campaign comes with its segments (in chosen order) and analytics.
 */
export async function campaignsPage(
  db: Database,
  options: { teamId: string; after?: string | null; limit?: number },
): Promise<{ campaigns: CampaignView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? CAMPAIGNS_PAGE_SIZE, 1), MAX_CAMPAIGNS_LIMIT);
  const after: Cursor | null = options.after ? decodeCursor(options.after) : null;
  let query = campaignQuery(db, options.teamId)
    // A journey's send steps are campaigns underneath; they belong to the journey's page, not this list.
    .where("campaigns.journeyId", "is", null)
    .select(sql<string>`campaigns.created_at::text`.as("createdAtText"))
    .orderBy("campaigns.createdAt", "desc")
    .orderBy("campaigns.id", "desc")
    .limit(limit + 1);
  if (after)
    query = query.where(
      sql<boolean>`(campaigns.created_at, campaigns.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    campaigns: await toViews(
      db,
      options.teamId,
      page.map(({ createdAtText: _, ...row }) => row as CampaignRow),
    ),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}

/** The team's newest campaigns, up to `limit` (one page). */
export async function listCampaigns(
  db: Database,
  options: { teamId: string; limit?: number },
): Promise<CampaignView[]> {
  return (await campaignsPage(db, options)).campaigns;
}

export async function getCampaign(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<CampaignView> {
  if (!isId(options.campaignId)) throw new AppError("NOT_FOUND", CAMPAIGN_NOT_FOUND);
  const row = await campaignQuery(db, options.teamId).where("campaigns.id", "=", options.campaignId).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", CAMPAIGN_NOT_FOUND);
  const [view] = await toViews(db, options.teamId, [row as CampaignRow]);
  return view!;
}

/** A future time for scheduling, or a 400 that says why not. */
export function requireFutureTime(value: string, now = new Date()): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw new AppError("INVALID", "The scheduled time is not a valid date.", {
      fields: { scheduledTime: ["Not a valid date-time"] },
    });
  }
  if (at.getTime() <= now.getTime()) {
    throw new AppError("INVALID", "The scheduled time must be in the future.", {
      fields: { scheduledTime: ["Must be in the future"] },
    });
  }
  return at;
}

type Timing = { state: CampaignState; scheduledAt: Date | null };

/**
 * What scheduledTime means: an empty one is a draft, a time schedules it. Left out,
 * it means the same as empty on create and "keep the schedule as it is" on edit
 * (`current`), so a client that only renames a campaign does not unschedule it.
 */
function timingFor(input: CampaignInput, columns: ContentColumns, current?: Timing): Timing {
  const kept = input.scheduledTime === undefined && current ? current : null;
  if (kept ? kept.state !== "SCHEDULED" : !input.scheduledTime) return { state: "DRAFT", scheduledAt: null };
  const scheduledAt = kept ? kept.scheduledAt! : requireFutureTime(input.scheduledTime!);
  requireReadyToSchedule({ type: input.type, ...columns });
  return { state: "SCHEDULED", scheduledAt };
}

/** Creates a campaign as a draft, or scheduled when the input carries a future time. */
export async function createCampaign(
  db: Database,
  options: { access: TeamAccess; input: CampaignInput },
): Promise<CampaignView> {
  authorize(options.access, "campaigns.write");
  const { teamId } = options.access;
  const { input } = options;
  const columns = await contentColumns(input);
  const timing = timingFor(input, columns);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("campaigns")
      .values({
        id,
        teamId,
        name: input.name,
        type: input.type,
        ...columns,
        ...timing,
        conversionGoal: goalColumn(input.conversionGoal),
        ignoreFrequencyCaps: input.ignoreFrequencyCaps ?? false,
      })
      .execute();
    await setCampaignSegments(trx, { teamId, campaignId: id, segmentIds: input.segmentIds });
    await recordAudit(trx, {
      access: options.access,
      action: "campaign.created",
      target: { kind: "campaign", id, label: input.name },
      details: { type: input.type, state: timing.state },
    });
  });
  return getCampaign(db, { teamId, campaignId: id });
}

/**
 * Replaces a campaign's fields and segments. Only DRAFT and SCHEDULED campaigns
 * can change (409 otherwise); the scheduledTime decides between the two: empty
 * makes it a draft, a time schedules it, none keeps the schedule it has.
 */
export async function updateCampaign(
  db: Database,
  options: { access: TeamAccess; campaignId: string; input: CampaignInput },
): Promise<CampaignView> {
  authorize(options.access, "campaigns.write");
  const { teamId } = options.access;
  const { input } = options;
  const columns = await contentColumns(input);
  await db.transaction().execute(async (trx) => {
    const current = await lockCampaign(trx, { teamId: options.access.teamId, campaignId: options.campaignId });
    if (!EDITABLE_STATES.includes(current.state)) {
      throw new AppError("CONFLICT", `This campaign is ${current.state} and can no longer be edited.`);
    }
    const timing = timingFor(input, columns, current);
    await trx
      .updateTable("campaigns")
      .set({
        name: input.name,
        type: input.type,
        ...columns,
        ...timing,
        ...(input.conversionGoal === undefined ? {} : { conversionGoal: goalColumn(input.conversionGoal) }),
        ...(input.ignoreFrequencyCaps === undefined ? {} : { ignoreFrequencyCaps: input.ignoreFrequencyCaps }),
        updatedAt: new Date(),
      })
      .where("id", "=", current.id)
      .execute();
    await setCampaignSegments(trx, { teamId, campaignId: current.id, segmentIds: input.segmentIds });
    await recordAudit(trx, {
      access: options.access,
      action: "campaign.edited",
      target: { kind: "campaign", id: current.id, label: input.name },
      details: { type: input.type, state: timing.state },
    });
  });
  return getCampaign(db, { teamId: options.access.teamId, campaignId: options.campaignId });
}

/** A goal as its jsonb column takes it: JSON text, or null for none. */
function goalColumn(goal: ConversionGoal | null | undefined): string | null {
  return goal ? JSON.stringify(goal) : null;
}

/** Deletes a campaign; one that is sending right now (ACTIVE) cannot be deleted. */
export async function deleteCampaign(db: Database, options: { access: TeamAccess; campaignId: string }): Promise<void> {
  authorize(options.access, "campaigns.write");
  await db.transaction().execute(async (trx) => {
    const current = await lockCampaign(trx, { teamId: options.access.teamId, campaignId: options.campaignId });
    if (current.state === "ACTIVE") throw new AppError("CONFLICT", "This campaign is sending and cannot be deleted.");
    await trx.deleteFrom("campaigns").where("id", "=", current.id).execute();
    await recordAudit(trx, {
      access: options.access,
      action: "campaign.deleted",
      target: { kind: "campaign", id: current.id, label: current.name },
      details: { state: current.state },
    });
  });
}

/**
 * The campaign row, locked for the rest of the transaction, or NOT_FOUND. A
 * journey's step campaign is NOT_FOUND here: it is not edited, scheduled, sent or
 * deleted as a broadcast (its journey owns it).
 */
export async function lockCampaign(trx: Database, options: { teamId: string; campaignId: string }) {
  if (!isId(options.campaignId)) throw new AppError("NOT_FOUND", CAMPAIGN_NOT_FOUND);
  const row = await trx
    .selectFrom("campaigns")
    .select(["id", "name", "state", "type", "scheduledAt", "whatsappTemplate", "whatsappLanguage"])
    .where("id", "=", options.campaignId)
    .where("teamId", "=", options.teamId)
    .where("journeyId", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", CAMPAIGN_NOT_FOUND);
  return { ...row, state: row.state as CampaignState, type: row.type as CampaignType };
}
