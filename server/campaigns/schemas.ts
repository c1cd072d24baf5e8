import { z } from "zod";

export const CAMPAIGN_TYPES = ["EMAIL", "WHATSAPP", "SMS"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_STATES = ["DRAFT", "SCHEDULED", "ACTIVE", "SENT"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** An ISO time, or an empty string for "not scheduled" (what the spec's form sends). */
const scheduledTime = z
  .string({ error: "scheduledTime must be an ISO date-time or an empty string" })
  .trim()
  .refine((value) => value === "" || !Number.isNaN(Date.parse(value)), "scheduledTime must be an ISO date-time, such as 2030-01-31T09:00:00Z")
  .optional();

/** The spec's campaign form, for `POST /api/campaigns` and `PUT /api/campaigns/{id}`. */
export const CampaignInputSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  type: z.enum(CAMPAIGN_TYPES, { error: "type must be EMAIL, WHATSAPP or SMS" }).default("EMAIL"),
  subject: z.string().trim().max(300, "Subject must be at most 300 characters").nullish(),
  content: z.string().max(200_000, "Content must be at most 200,000 characters").nullish(),
  segmentIds: z.array(z.string(), { error: "segmentIds must be a list of segment ids" }).max(100, "At most 100 segments").default([]),
  scheduledTime,
});
export type CampaignInput = z.infer<typeof CampaignInputSchema>;

export const ScheduleSchema = z.object({
  scheduledTime: z
    .string({ error: "scheduledTime is required" })
    .refine((value) => !Number.isNaN(Date.parse(value)), "scheduledTime must be an ISO date-time, such as 2030-01-31T09:00:00Z"),
});
