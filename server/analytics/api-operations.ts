import { z } from "zod";
import { type ApiOperation, dataOf, TimestampSchema } from "#shared/api/operation.ts";
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

const AnalyticsReportSchema = dataOf(
  z.object({
    from: z.string().describe("The first local day of the range, YYYY-MM-DD."),
    to: z.string().describe("The last local day, included."),
    timeZone: z.string(),
    totals: FiguresWithRatesSchema,
    previous: FiguresWithRatesSchema.describe("The same figures for the period of equal length just before."),
    series: z.array(z.object({ date: z.string(), ...FiguresShape })),
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
    query: AnalyticsQuerySchema,
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
