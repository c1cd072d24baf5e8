import { z } from "zod";
import { CAMPAIGN_TYPES, type CampaignType } from "#shared/campaigns/schemas.ts";

/**
 * A team's frequency caps and quiet hours, validated by the same schemas for the
 * Settings page's form and `PUT /api/settings/frequency`.
 */

export const WINDOW_UNITS = ["hours", "days"] as const;
export type WindowUnit = (typeof WINDOW_UNITS)[number];
export const OVER_CAP_CHOICES = ["wait", "skip"] as const;
export type OverCapChoice = (typeof OVER_CAP_CHOICES)[number];

/** Rules a team may keep: two windows per channel and a few more; each costs an index range read per contact. */
export const MAX_CAP_RULES = 9;
/** The longest window, so counting a contact's recent messages stays one short index range. */
export const MAX_WINDOW_HOURS = 90 * 24;
/** A cap above this is no cap; it also bounds how many send times the decision reads per contact. */
export const MAX_CAP_LIMIT = 100;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export type CapRule = { channel: CampaignType; limit: number; window: number; unit: WindowUnit };
export type QuietHours = { channel: CampaignType; from: string; to: string };
export type FrequencySettings = {
  rules: CapRule[];
  quietHours: QuietHours[];
  /** The contact attribute naming their IANA zone; null or a value that is not a zone means the team's. */
  timeZoneAttribute: string | null;
  /** What a broadcast does with a message held back: wait for the next allowed time, or skip it. */
  overCap: OverCapChoice;
};

/** A rule's window in hours. */
export function windowHours(rule: Pick<CapRule, "window" | "unit">): number {
  return rule.unit === "days" ? rule.window * 24 : rule.window;
}

const channel = z.enum(CAMPAIGN_TYPES, { error: "channel must be EMAIL, SMS or WHATSAPP" });
const limit = z.coerce
  .number({ error: "Enter how many messages" })
  .int("The number of messages must be a whole number")
  .min(1, "The number of messages must be at least 1")
  .max(MAX_CAP_LIMIT, `The number of messages must be at most ${MAX_CAP_LIMIT}`);
const windowLength = z.coerce
  .number({ error: "Enter the window's length" })
  .int("The window must be a whole number")
  .min(1, "The window must be at least 1");
const unit = z.enum(WINDOW_UNITS, { error: "unit must be hours or days" });
const timeOfDay = (name: string) =>
  z.string({ error: `Enter the time quiet hours ${name}` }).regex(TIME_OF_DAY, "Use HH:MM, from 00:00 to 23:59");

const timeZoneAttribute = z
  .string()
  .trim()
  .max(200, "The attribute name must be at most 200 characters")
  .nullish()
  .transform((value) => (value ? value : null));
const overCap = z.enum(OVER_CAP_CHOICES, { error: "overCap must be wait or skip" }).default("wait");

const RuleSchema = z.object({ channel, limit, window: windowLength, unit });
const QuietHoursSchema = z.object({ channel, from: timeOfDay("start"), to: timeOfDay("end") });

/** Rows with the index each had in what was posted, so a message lands on its row. */
type Rows = { rules: [number, CapRule][]; quietHours: [number, QuietHours][] };

/** Rules the rows cannot break one by one: a window too long, the same window twice, from equal to to. */
function checkRows(value: Rows, context: z.RefinementCtx) {
  const seen = new Set<string>();
  value.rules.forEach(([index, rule]) => {
    if (windowHours(rule) > MAX_WINDOW_HOURS)
      context.addIssue({
        code: "custom",
        path: ["rules", index, "window"],
        message: "The window can be at most 90 days",
      });
    const key = `${rule.channel}:${windowHours(rule)}`;
    if (seen.has(key))
      context.addIssue({
        code: "custom",
        path: ["rules", index, "window"],
        message: "Another rule already caps this channel over the same window",
      });
    seen.add(key);
  });
  const channels = new Set<string>();
  value.quietHours.forEach(([index, quiet]) => {
    if (quiet.from === quiet.to)
      context.addIssue({
        code: "custom",
        path: ["quietHours", index, "to"],
        message: "Quiet hours must end at another time than they start",
      });
    if (channels.has(quiet.channel))
      context.addIssue({
        code: "custom",
        path: ["quietHours", index, "channel"],
        message: "Quiet hours are already set for this channel",
      });
    channels.add(quiet.channel);
  });
}

/** `PUT /api/settings/frequency`: the whole settings, replacing the saved ones. */
export const FrequencySettingsSchema = z
  .object({
    rules: z
      .array(RuleSchema, { error: "rules must be a list" })
      .max(MAX_CAP_RULES, `At most ${MAX_CAP_RULES} rules`)
      .default([]),
    quietHours: z.array(QuietHoursSchema, { error: "quietHours must be a list" }).max(3).default([]),
    timeZoneAttribute,
    overCap,
  })
  .superRefine((value, context) =>
    checkRows({ rules: [...value.rules.entries()], quietHours: [...value.quietHours.entries()] }, context),
  );
export type FrequencySettingsInput = z.infer<typeof FrequencySettingsSchema>;

/** A row of the form left blank: Conform drops empty fields, so only the selects remain. */
function isBlankRule(row: { limit?: unknown; window?: unknown }) {
  return row.limit === undefined && row.window === undefined;
}

/**
 * The Settings page's form: a few rule rows (blank ones are dropped) and one quiet-hours
 * row per channel (off when both times are blank), so it works as a plain HTML form.
 */
export const FrequencySettingsFormSchema = z
  .object({
    rules: z
      .array(z.object({ channel, limit: z.unknown().optional(), window: z.unknown().optional(), unit }), {
        error: "rules must be a list",
      })
      .max(MAX_CAP_RULES, `At most ${MAX_CAP_RULES} rules`)
      .default([]),
    quietHours: z
      .array(z.object({ channel, from: z.string().optional(), to: z.string().optional() }))
      .max(3)
      .default([]),
    timeZoneAttribute,
    overCap,
  })
  // Blank rows go, keeping each row's index for its messages: parse row by row in place.
  .transform((value, context) => {
    const rules: [number, CapRule][] = [];
    value.rules.forEach((row, index) => {
      if (isBlankRule(row)) return;
      const parsed = RuleSchema.safeParse(row);
      if (parsed.success) rules.push([index, parsed.data]);
      else
        for (const issue of parsed.error.issues)
          context.addIssue({ code: "custom", path: ["rules", index, ...issue.path], message: issue.message });
    });
    const quietHours: [number, QuietHours][] = [];
    value.quietHours.forEach((row, index) => {
      if (row.from === undefined && row.to === undefined) return;
      const parsed = QuietHoursSchema.safeParse(row);
      if (parsed.success) quietHours.push([index, parsed.data]);
      else
        for (const issue of parsed.error.issues)
          context.addIssue({ code: "custom", path: ["quietHours", index, ...issue.path], message: issue.message });
    });
    checkRows({ rules, quietHours }, context);
    const settings: FrequencySettingsInput = {
      rules: rules.map(([, rule]) => rule),
      quietHours: quietHours.map(([, quiet]) => quiet),
      timeZoneAttribute: value.timeZoneAttribute,
      overCap: value.overCap,
    };
    return settings;
  });
