import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { DB } from "#db/types.ts";

/**
 * A campaign's results, all counted per delivery (one recipient):
 * - sent: handed to the provider and accepted (a message that bounced later was sent);
 * - delivered: email accepted and not bounced; SMS and WhatsApp confirmed by the provider;
 * - opened: a person opened it (a click counts as an open); machines' opens are apart, in botOpened;
 * - clicked: a person followed a link; unsubscribed: left the channel from it;
 * - bounced: the address does not exist: the receiving server refused the recipient
 *   (SMTP 5.1.x) or gave the message back after accepting it; the address is suppressed;
 * - failed: never accepted, for any other reason (bounces are not counted again here).
 */
export type CampaignAnalytics = {
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  bounced: number;
  failed: number;
  /** Opened by mail-privacy proxies, scanners or bots only: left out of the open rate. */
  botOpened: number;
};

export const NO_ANALYTICS: CampaignAnalytics = {
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
  bounced: 0,
  failed: 0,
  botOpened: 0,
};

/**
 * One statement for any number of campaigns: per-status totals from the counts the
 * ledger's triggers keep, unique engagement from its per-campaign row, and bounces
 * and provider confirmations through their partial indexes. Nothing scans the ledger.
 */
function analyticsQuery(db: Database, teamId: string) {
  const statusTotal = (eb: ExpressionBuilder<DB, "campaigns">, status: string) =>
    eb
      .selectFrom("campaignDeliveryCounts")
      .select(sql<number>`coalesce(sum(total), 0)::int`.as("n"))
      .whereRef("campaignDeliveryCounts.campaignId", "=", "campaigns.id")
      .where("campaignDeliveryCounts.status", "=", status);
  return db
    .selectFrom("campaigns")
    .leftJoin("campaignEngagement", "campaignEngagement.campaignId", "campaigns.id")
    .select((eb) => [
      "campaigns.id",
      "campaigns.type",
      "campaigns.state",
      "campaigns.sentAt",
      statusTotal(eb, "sent").as("accepted"),
      statusTotal(eb, "failed").as("failedTotal"),
      eb
        .selectFrom("deliveries")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("deliveries.campaignId", "=", "campaigns.id")
        .where("deliveries.bouncedAt", "is not", null)
        .as("bounced"),
      eb
        .case()
        .when("campaigns.type", "=", "EMAIL")
        .then(statusTotal(eb, "sent"))
        .else(
          eb
            .selectFrom("deliveries")
            .select(sql<number>`count(*)::int`.as("n"))
            .whereRef("deliveries.campaignId", "=", "campaigns.id")
            .where("deliveries.deliveredAt", "is not", null),
        )
        .end()
        .as("delivered"),
      sql<number>`coalesce(campaign_engagement.opened, 0)`.as("opened"),
      sql<number>`coalesce(campaign_engagement.clicked, 0)`.as("clicked"),
      sql<number>`coalesce(campaign_engagement.unsubscribed, 0)`.as("unsubscribed"),
      sql<number>`coalesce(campaign_engagement.bot_opened, 0)`.as("botOpened"),
    ])
    .where("campaigns.teamId", "=", teamId);
}

type Row = {
  accepted: number | null;
  failedTotal: number | null;
  bounced: number | null;
  delivered: number | null;
  opened: number;
  clicked: number;
  unsubscribed: number;
  botOpened: number;
};

function toAnalytics(row: Row): CampaignAnalytics {
  const bounced = row.bounced ?? 0;
  return {
    sent: (row.accepted ?? 0) + bounced,
    delivered: row.delivered ?? 0,
    opened: row.opened,
    clicked: row.clicked,
    unsubscribed: row.unsubscribed,
    bounced,
    failed: Math.max(0, (row.failedTotal ?? 0) - bounced),
    botOpened: row.botOpened,
  };
}

/** The analytics of these campaigns of the team, by campaign id (other teams' ids are simply absent). */
export async function campaignAnalytics(
  db: Database,
  options: { teamId: string; campaignIds: readonly string[] },
): Promise<Map<string, CampaignAnalytics>> {
  if (options.campaignIds.length === 0) return new Map();
  const rows = await analyticsQuery(db, options.teamId)
    .where("campaigns.id", "in", [...options.campaignIds])
    .execute();
  return new Map(rows.map((row) => [row.id, toAnalytics(row)]));
}

export type SentTotals = { sent: number; opened: number; clicked: number };

const sentOf = sql<number>`coalesce(a.accepted, 0) + coalesce(a.bounced, 0)`;
const sumOf = (value: ReturnType<typeof sql<number>>, where = sql<boolean>`true`) =>
  sql<number>`coalesce(sum(${value}) filter (where ${where}), 0)::int`;

/**
 * The team's SENT campaigns summed up in one aggregate statement, however many
 * there are: how many, messages sent on every channel and on email alone, opens
 * and clicks (people's, not machines').
 */
export async function sentCampaignsSummary(
  db: Database,
  options: { teamId: string },
): Promise<{ campaigns: number; sent: number; emailSent: number; opened: number; clicked: number }> {
  return db
    .selectFrom(analyticsQuery(db, options.teamId).where("campaigns.state", "=", "SENT").as("a"))
    .select([
      sql<number>`count(*)::int`.as("campaigns"),
      sumOf(sentOf).as("sent"),
      sumOf(sentOf, sql<boolean>`a.type = 'EMAIL'`).as("emailSent"),
      sumOf(sql<number>`a.opened`).as("opened"),
      sumOf(sql<number>`a.clicked`).as("clicked"),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * Sent, opened and clicked summed over the team's SENT campaigns: all of them, and
 * those sent (by campaigns.sent_at) in each given window [from, to). One aggregate
 * statement: each window is a filter over the same rows.
 */
export async function sentCampaignTotals<W extends string>(
  db: Database,
  options: { teamId: string; windows: Record<W, { from: Date; to: Date }> },
): Promise<{ all: SentTotals } & Record<W, SentTotals>> {
  const windows = Object.entries(options.windows) as [W, { from: Date; to: Date }][];
  const totalsOf = (prefix: string, where = sql<boolean>`true`) => [
    sumOf(sentOf, where).as(`${prefix}Sent`),
    sumOf(sql<number>`a.opened`, where).as(`${prefix}Opened`),
    sumOf(sql<number>`a.clicked`, where).as(`${prefix}Clicked`),
  ];
  const row = (await db
    .selectFrom(analyticsQuery(db, options.teamId).where("campaigns.state", "=", "SENT").as("a"))
    .select([
      ...totalsOf("all"),
      ...windows.flatMap(([, window], i) =>
        totalsOf(`w${i}`, sql<boolean>`a.sent_at >= ${window.from} and a.sent_at < ${window.to}`),
      ),
    ])
    .executeTakeFirstOrThrow()) as Record<string, number>;
  const pick = (prefix: string): SentTotals => ({
    sent: row[`${prefix}Sent`]!,
    opened: row[`${prefix}Opened`]!,
    clicked: row[`${prefix}Clicked`]!,
  });
  const totals: Record<string, SentTotals> = { all: pick("all") };
  windows.forEach(([name], i) => (totals[name] = pick(`w${i}`)));
  return totals as { all: SentTotals } & Record<W, SentTotals>;
}
