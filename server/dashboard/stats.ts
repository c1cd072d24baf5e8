import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { sentCampaignTotals } from "#server/tracking/analytics.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The change figures compare the last 30 days with the 30 days before them. */
export const CHANGE_WINDOW_DAYS = 30;

/**
 * How a figure moved against the previous 30 days:
 * - `percent`: growth of what was added, signed, one decimal (e.g. 12.5);
 * - `new`: the previous period added nothing, so a percentage would divide by zero; `count` were added now;
 * - `points`: the difference between two rates, in percentage points, one decimal;
 * - `none`: there is nothing to compare (no campaign sent in either period).
 */
export type ChangeFigure =
  | { kind: "percent"; value: number }
  | { kind: "new"; count: number }
  | { kind: "points"; value: number }
  | { kind: "none" };

export type DashboardStats = {
  contacts: { total: number; change: ChangeFigure };
  campaigns: { active: number; total: number; change: ChangeFigure };
  openRate: { value: number; change: ChangeFigure };
  segments: { total: number; change: ChangeFigure };
};

/** opened / sent × 100 to one decimal, 0.0 when nothing was sent (the spec's formula). */
export function rateOf(part: number, sent: number): number {
  return sent > 0 ? roundOne((part / sent) * 100) : 0;
}

/** Growth of what was added in the current period against the previous one. */
export function growthOf(current: number, previous: number): ChangeFigure {
  if (previous === 0) return { kind: "new", count: current };
  return { kind: "percent", value: roundOne(((current - previous) / previous) * 100) };
}

function roundOne(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * A campaign was active (scheduled or sending) at some moment of [from, to) when it
 * came due then (only a SCHEDULED campaign comes due), or it was sending then: started
 * before the window ends and not yet sent when it began. The states a campaign passed
 * through are not kept, so this is what its timestamps can tell.
 */
function activeIn(from: Date, to: Date) {
  return sql<boolean>`(scheduled_at >= ${from} and scheduled_at < ${to})
    or (started_at < ${to} and (sent_at is null or sent_at >= ${from}))`;
}

/**
 * The figures of the dashboard's stat cards for one team, as of `now`.
 *
 * One set query per table, whatever the team's size: each counts the
 * whole and, with `filter`, the rows created in the last 30 days and the 30 days
 * before (`[now-60d, now-30d)` and `[now-30d, now]`), on the (team_id, created_at) indexes.
 * The total of contacts comes from the maintained per-team counter, so a team
 * of a million contacts does not count them all on every visit.
 *
 * Active Campaigns' change compares the campaigns active at some time in each
 * window (active now counts for the current one; see `activeIn`), not campaigns created.
 *
 * Open rate is over SENT campaigns only; its change compares campaigns sent
 * (by `sent_at`) in the two windows, in percentage points; 0.0 when nothing was
 * sent, as the spec says. Opens by machines (privacy proxies, scanners) are not in
 * it: see server/tracking/analytics.ts.
 */
export async function dashboardStats(db: Database, options: { teamId: string; now: Date }): Promise<DashboardStats> {
  const { teamId, now } = options;
  const currentFrom = new Date(now.getTime() - CHANGE_WINDOW_DAYS * DAY_MS);
  const previousFrom = new Date(now.getTime() - 2 * CHANGE_WINDOW_DAYS * DAY_MS);

  const [contacts, campaigns, segments, sent] = await Promise.all([
    db
      .selectFrom("contacts")
      .select([
        sql<number>`count(*) filter (where created_at >= ${currentFrom})::int`.as("current"),
        sql<number>`count(*) filter (where created_at < ${currentFrom})::int`.as("previous"),
        (eb) =>
          eb.selectFrom("teamContactCounts").select("total").where("teamContactCounts.teamId", "=", teamId).as("total"),
      ])
      .where("teamId", "=", teamId)
      .where("createdAt", ">=", previousFrom)
      .where("createdAt", "<=", now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("campaigns")
      .select([
        sql<number>`count(*)::int`.as("total"),
        sql<number>`count(*) filter (where state in ('ACTIVE', 'SCHEDULED'))::int`.as("active"),
        sql<number>`count(*) filter (where state in ('ACTIVE', 'SCHEDULED') or ${activeIn(currentFrom, now)})::int`.as(
          "current",
        ),
        sql<number>`count(*) filter (where ${activeIn(previousFrom, currentFrom)})::int`.as("previous"),
        sql<number>`count(*) filter (where state = 'SENT' and sent_at >= ${currentFrom} and sent_at <= ${now})::int`.as(
          "sentCurrent",
        ),
        sql<number>`count(*) filter (where state = 'SENT' and sent_at >= ${previousFrom} and sent_at < ${currentFrom})::int`.as(
          "sentPrevious",
        ),
      ])
      .where("teamId", "=", teamId)
      // Broadcasts only: a journey's send steps are always ACTIVE campaigns underneath.
      .where("journeyId", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("segments")
      .select([
        sql<number>`count(*)::int`.as("total"),
        sql<number>`count(*) filter (where created_at >= ${currentFrom} and created_at <= ${now})::int`.as("current"),
        sql<number>`count(*) filter (where created_at >= ${previousFrom} and created_at < ${currentFrom})::int`.as(
          "previous",
        ),
      ])
      .where("teamId", "=", teamId)
      .executeTakeFirstOrThrow(),
    sentCampaignTotals(db, {
      teamId,
      windows: {
        current: { from: currentFrom, to: new Date(now.getTime() + 1) },
        previous: { from: previousFrom, to: currentFrom },
      },
    }),
  ]);

  const openRateChange: ChangeFigure =
    campaigns.sentPrevious === 0 && campaigns.sentCurrent === 0
      ? { kind: "none" }
      : {
          kind: "points",
          value: roundOne(
            rateOf(sent.current.opened, sent.current.sent) - rateOf(sent.previous.opened, sent.previous.sent),
          ),
        };

  return {
    contacts: { total: Number(contacts.total ?? 0), change: growthOf(contacts.current, contacts.previous) },
    campaigns: {
      active: campaigns.active,
      total: campaigns.total,
      change: growthOf(campaigns.current, campaigns.previous),
    },
    openRate: { value: rateOf(sent.all.opened, sent.all.sent), change: openRateChange },
    segments: { total: segments.total, change: growthOf(segments.current, segments.previous) },
  };
}
