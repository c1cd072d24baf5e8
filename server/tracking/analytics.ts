import { sql } from "kysely";
import type { Database } from "#db/database.ts";

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

const FIGURES = ["sent", "delivered", "opened", "clicked", "unsubscribed", "bounced", "failed", "botOpened"] as const;

/** A figure summed over a campaign's rollup hours (the column is the figure's name in snake case). */
const figureSum = (name: (typeof FIGURES)[number]) =>
  sql<number>`coalesce(sum(campaign_hourly_stats.${sql.ref(name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))}), 0)::int`;

/**
 * The team's campaigns, each with its figures summed from its campaign rollup hours
 * (docs/decisions/020): the rollup the Analytics page reads, so a card and the
 * Analytics page cannot disagree. One statement for any number of campaigns; each
 * campaign's hours are read by the rollup's primary key prefix, so the cost follows
 * the campaigns asked for, not the team's ledger or engagement.
 */
function analyticsQuery(db: Database, teamId: string) {
  return db
    .selectFrom("campaigns")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("campaignHourlyStats")
          .select(FIGURES.map((name) => figureSum(name).as(name)))
          .whereRef("campaignHourlyStats.campaignId", "=", "campaigns.id")
          .as("f"),
      (join) => join.onTrue(),
    )
    .select([
      "campaigns.id",
      "campaigns.type",
      "campaigns.state",
      "campaigns.sentAt",
      ...FIGURES.map((name) => `f.${name}` as const),
    ])
    .where("campaigns.teamId", "=", teamId);
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
  return new Map(
    rows.map((row) => [row.id, Object.fromEntries(FIGURES.map((name) => [name, row[name]])) as CampaignAnalytics]),
  );
}

export type SentTotals = { sent: number; opened: number; clicked: number };

const sentOf = sql<number>`a.sent`;
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
