import type { Database } from "#db/database.ts";
import { localDate } from "./period.ts";
import { localMidnight } from "./series.ts";

export type TimelinePoint = { at: string; opened: number; clicked: number };

/** The first hours after sending are charted per hour; the rest per local day. */
export const HOURLY_TIMELINE_HOURS = 48;
const HOUR = 3_600_000;

/**
 * People's first opens and clicks of a campaign over time since it was sent: each
 * hour of the first 48 (all present, empty ones as zeros), then each local day of
 * the team with any (a day's point is at its start, or at the 48th hour for the day
 * that hour falls in). Read from the campaign's own rollup hours only.
 */
export async function readCampaignTimeline(
  db: Database,
  options: {
    campaignId: string;
    timeZone: string;
    /** When given, another team's campaign has no timeline (for a read not preceded by the campaign's own). */
    teamId?: string;
  },
): Promise<TimelinePoint[]> {
  // Sending began when the campaign started; sent_at is when its last delivery was final.
  const campaign = await db
    .selectFrom("campaigns")
    .select(["startedAt", "sentAt"])
    .where("id", "=", options.campaignId)
    .$if(options.teamId !== undefined, (query) => query.where("teamId", "=", options.teamId!))
    .executeTakeFirst();
  const sentAt = campaign?.startedAt ?? campaign?.sentAt;
  if (!sentAt) return [];
  const rows = await db
    .selectFrom("campaignHourlyStats")
    .select(["hour", "opened", "clicked"])
    .where("campaignId", "=", options.campaignId)
    .where((eb) => eb.or([eb("opened", "<>", 0), eb("clicked", "<>", 0)]))
    .orderBy("hour")
    .execute();
  const start = Math.floor(sentAt.getTime() / HOUR) * HOUR;
  const hourlyEnd = start + HOURLY_TIMELINE_HOURS * HOUR;
  const points = new Map<number, TimelinePoint>();
  for (let at = start; at < hourlyEnd; at += HOUR)
    points.set(at, { at: new Date(at).toISOString(), opened: 0, clicked: 0 });
  for (const row of rows) {
    const hour = row.hour.getTime();
    let at = hour;
    if (hour < start) at = start;
    else if (hour >= hourlyEnd)
      at = Math.max(localMidnight(localDate(row.hour, options.timeZone), options.timeZone), hourlyEnd);
    let point = points.get(at);
    if (!point) points.set(at, (point = { at: new Date(at).toISOString(), opened: 0, clicked: 0 }));
    point.opened += row.opened;
    point.clicked += row.clicked;
  }
  return [...points.entries()].sort(([a], [b]) => a - b).map(([, point]) => point);
}
