import { z } from "zod";
import { type ApiOperation, dataOf, TimestampSchema } from "#shared/api/operation.ts";
import { PropertyQuerySchema } from "./property-values.ts";
import { AnalyticsQuerySchema } from "./schemas.ts";

const count = z.number().int();

const FiguresShape = {
  sent: count,
  delivered: count,
  opened: count,
  clicked: count,
  unsubscribed: count,
  bounced: count,
  failed: count,
  opens: count,
  clicks: count,
  botOpened: count,
  botOpens: count,
  botClicks: count,
};

const FiguresWithRatesSchema = z.object({
  ...FiguresShape,
  openRate: z.number(),
  clickRate: z.number(),
  clickToOpenRate: z.number(),
});

const ReportTotalsSchema = FiguresWithRatesSchema.extend({
  conversions: count.describe("Conversions attributed to the range's campaigns."),
  conversionRate: z.number().describe("Conversions over recipients who received a message, as a percentage."),
  revenue: z.number().describe("The revenue those conversions carried."),
});

const PropertyValuesSchema = z.object({
  property: z.string(),
  event: z.string().nullable().describe("The event name the values are of, null for all the team's events."),
  values: z.array(
    z.object({
      value: z
        .string()
        .nullable()
        .describe('A value of the property; null is "(other)", the values past the kept ones.'),
      events: count,
    }),
  ),
});

// The route reads the range and filters, then `property` and `event` from the same query.
const AnalyticsReportQuery = AnalyticsQuerySchema.safeExtend({
  property: PropertyQuerySchema.shape.property.describe("A property name: adds `propertyValues`, its top values."),
  event: PropertyQuerySchema.shape.event.describe("With `property`: only this event's values."),
});

const AnalyticsReportSchema = dataOf(
  z.object({
    from: z.string().describe("The first local day of the range, YYYY-MM-DD."),
    to: z.string().describe("The last local day, included."),
    timeZone: z.string(),
    totals: ReportTotalsSchema,
    previous: ReportTotalsSchema.describe("The same figures for the period of equal length just before."),
    series: z.array(z.object({ date: z.string(), ...FiguresShape })),
    propertyValues: PropertyValuesSchema.optional().describe(
      "Only when `property` is asked: its most frequent values in the range, for `event` when given.",
    ),
  }),
);

const CampaignAnalyticsSchema = dataOf(
  z.object({
    funnel: FiguresWithRatesSchema,
    timeline: z.array(z.object({ at: TimestampSchema, opened: count, clicked: count })),
    links: z.array(z.object({ url: z.string(), uniqueClicks: count, clicks: count })),
    clients: z.array(z.object({ client: z.string(), opens: count })),
    conversions: z.object({ count, rate: z.number(), revenue: z.number() }),
  }),
);

/** Analytics: app/routes/api/analytics.ts, campaign-analytics.ts. */
export const analyticsOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/analytics",
    tag: "Analytics",
    summary: "The team's figures over a range, with the period before and a series per day",
    auth: "bearer",
    query: AnalyticsReportQuery,
    success: { status: 200, description: "The report.", schema: AnalyticsReportSchema },
    errors: [400, 401, 404],
  },
  {
    method: "get",
    path: "/api/campaigns/{id}/analytics",
    tag: "Campaigns",
    summary: "A campaign's funnel, opens and clicks over time, links, mail clients and conversions",
    auth: "bearer",
    success: { status: 200, description: "The campaign's analytics.", schema: CampaignAnalyticsSchema },
    errors: [401, 404],
  },
];
