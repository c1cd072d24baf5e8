import { z } from "zod";
import { type ApiOperation, dataOf, pageOf, TimestampSchema } from "#shared/api/operation.ts";
import { ConversionGoalSchema } from "#shared/campaigns/conversion-goal.ts";
import {
  CAMPAIGN_STATES,
  CAMPAIGN_TYPES,
  CampaignInputSchema,
  CONTENT_FORMATS,
  ListCampaignsQuerySchema,
  ScheduleSchema,
} from "#shared/campaigns/schemas.ts";

const count = z.number().int();

/** A campaign as every campaign route answers it (server/campaigns/campaigns.ts, CampaignView). */
const CampaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  subject: z.string().nullable(),
  content: z.string().nullable(),
  contentFormat: z.enum(CONTENT_FORMATS),
  whatsapp: z
    .object({ template: z.string().nullable(), language: z.string().nullable(), parameters: z.array(z.string()) })
    .nullable(),
  state: z.enum(CAMPAIGN_STATES),
  scheduledAt: TimestampSchema.nullable(),
  sentAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
  segmentLinks: z.array(z.object({ segmentId: z.uuid(), segment: z.object({ name: z.string() }) })),
  conversionGoal: ConversionGoalSchema.nullable(),
  ignoreFrequencyCaps: z
    .boolean()
    .describe("Sent whatever the team's frequency caps and quiet hours say, as for transactional notices."),
  analytics: z
    .object({
      sent: count,
      delivered: count,
      opened: count,
      clicked: count,
      unsubscribed: count,
      bounced: count,
      failed: count,
      botOpened: count.describe("Opened by mail-privacy proxies, scanners or bots only: left out of the open rate."),
    })
    .describe("The spec's { sent, opened, clicked } with the other outcomes beside them."),
});

const campaign = { status: 200, description: "The campaign.", schema: dataOf(CampaignSchema) };

/** Campaigns: app/routes/api/campaigns.ts, campaign.ts, campaign-schedule.ts, campaign-unschedule.ts. */
export const campaignsOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/campaigns",
    tag: "Campaigns",
    summary: "A page of the team's campaigns, newest first",
    auth: "bearer",
    query: ListCampaignsQuerySchema,
    success: { status: 200, description: "One keyset page.", schema: pageOf(CampaignSchema) },
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/api/campaigns",
    tag: "Campaigns",
    summary: "Create a campaign (a draft, or scheduled when scheduledTime is given)",
    auth: "bearer",
    body: CampaignInputSchema,
    success: { ...campaign, status: 201, description: "The new campaign." },
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/campaigns/{id}",
    tag: "Campaigns",
    summary: "One campaign",
    auth: "bearer",
    success: campaign,
    errors: [401, 404],
  },
  {
    method: "put",
    path: "/api/campaigns/{id}",
    tag: "Campaigns",
    summary: "Edit a DRAFT or SCHEDULED campaign",
    auth: "bearer",
    body: CampaignInputSchema,
    success: campaign,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "delete",
    path: "/api/campaigns/{id}",
    tag: "Campaigns",
    summary: "Delete a campaign",
    auth: "bearer",
    success: { status: 204, description: "Deleted." },
    errors: [401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/campaigns/{id}/schedule",
    tag: "Campaigns",
    summary: "Schedule a DRAFT campaign",
    auth: "bearer",
    body: ScheduleSchema,
    success: campaign,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/campaigns/{id}/unschedule",
    tag: "Campaigns",
    summary: "Return a SCHEDULED campaign to DRAFT",
    auth: "bearer",
    success: campaign,
    errors: [401, 403, 404, 409],
  },
];
