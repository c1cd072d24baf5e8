import { z } from "zod";

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date written YYYY-MM-DD that exists (2026-02-30 does not). */
const LocalDateSchema = z
  .string()
  .regex(LOCAL_DATE, "Use a date written YYYY-MM-DD.")
  .refine((value) => {
    // A value of the wrong shape has its own message above.
    if (!LOCAL_DATE.test(value)) return true;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "This date does not exist.");

const emptyAsMissing = (value: unknown) => (value === "" ? undefined : value);

/** The longest range one request may ask for: its cost grows with the days in it. */
export const MAX_RANGE_DAYS = 366;

/**
 * The Analytics range and filters, as GET parameters of the page and the API: a
 * preset (`range` = 7d, 30d or 90d) or `from` and `to` (local dates of the team,
 * both included), a channel and one campaign.
 */
export const AnalyticsQuerySchema = z
  .object({
    range: z.preprocess(emptyAsMissing, z.enum(["7d", "30d", "90d"], { error: "Choose 7d, 30d or 90d." }).optional()),
    from: z.preprocess(emptyAsMissing, LocalDateSchema.optional()),
    to: z.preprocess(emptyAsMissing, LocalDateSchema.optional()),
    channel: z.preprocess(
      emptyAsMissing,
      z.enum(["EMAIL", "SMS", "WHATSAPP"], { error: "Choose EMAIL, SMS or WHATSAPP." }).optional(),
    ),
    campaignId: z.preprocess(emptyAsMissing, z.uuid({ error: "Give the id of one of your campaigns." }).optional()),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [query.from === undefined ? "from" : "to"],
        message: "Give both from and to, or neither.",
      });
      return;
    }
    if (query.from && query.to) {
      const days = daysBetween(query.from, query.to) + 1;
      if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "The end must not come before the start." });
      else if (days > MAX_RANGE_DAYS)
        ctx.addIssue({ code: "custom", path: ["to"], message: `A range may span at most ${MAX_RANGE_DAYS} days.` });
    }
  });

export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The YYYY-MM-DD date `days` after (or before, when negative) this one. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
