import { z } from "zod";
import { type ApiOperation, dataOf } from "#shared/api/operation.ts";
import { CAMPAIGN_TYPES } from "#shared/campaigns/schemas.ts";
import { FrequencySettingsSchema, OVER_CAP_CHOICES, WINDOW_UNITS } from "#shared/frequency/schemas.ts";

const SettingsSchema = z.object({
  rules: z
    .array(
      z.object({
        channel: z.enum(CAMPAIGN_TYPES),
        limit: z.number().int().describe("At most this many marketing messages per contact on the channel..."),
        window: z.number().int().describe("...within this many hours or days."),
        unit: z.enum(WINDOW_UNITS),
      }),
    )
    .describe("Every rule holds; a message over any of them is held back."),
  quietHours: z
    .array(z.object({ channel: z.enum(CAMPAIGN_TYPES), from: z.string(), to: z.string() }))
    .describe(
      "No message on the channel from `from` (HH:MM) to `to` in the contact's day; across midnight when from > to.",
    ),
  timeZoneAttribute: z
    .string()
    .nullable()
    .describe("The contact attribute holding their IANA zone; contacts without one use the team's time zone."),
  overCap: z
    .enum(OVER_CAP_CHOICES)
    .describe("What a broadcast does with a held message: wait for the next allowed time, or skip it."),
});

const settings = { status: 200, description: "The team's settings.", schema: dataOf(SettingsSchema) };

/** Frequency caps and quiet hours: app/routes/api/settings-frequency.ts. */
export const frequencyOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/settings/frequency",
    tag: "Settings",
    summary: "The team's frequency caps and quiet hours",
    auth: "bearer",
    success: settings,
    errors: [401],
  },
  {
    method: "put",
    path: "/api/settings/frequency",
    tag: "Settings",
    summary: "Replace the team's frequency caps and quiet hours (Owner or Admin)",
    description: "They apply to broadcasts and journeys from the next message decided; a campaign may opt out.",
    auth: "bearer",
    body: FrequencySettingsSchema,
    success: settings,
    errors: [400, 401, 403],
  },
];
