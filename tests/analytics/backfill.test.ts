import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { backfillAnalytics } from "#migrations/2026-11-24T1170-analytics-rollups.ts";
import { signedIn } from "../factories.ts";
import { seedAnalytics } from "./seed.ts";

const HOUR = 3_600_000;

/** The team's rollup rows as plain text lines, rows of nothing but zeros left out (a figure that came and went). */
async function rollupsOf(teamId: string) {
  const db = getDb();
  const lines = async (query: ReturnType<typeof sql<{ line: string }>>) =>
    (await query.execute(db)).rows.map((row) => row.line).sort();
  return {
    campaigns: await lines(sql<{ line: string }>`
      select concat_ws(' ', campaign_id, channel, hour, sent, delivered, bounced, failed, opened, clicked, bot_opened, unsubscribed, opens, clicks, bot_opens, bot_clicks) as line
      from campaign_hourly_stats where team_id = ${teamId}
        and (sent, delivered, bounced, failed, opened, clicked, bot_opened, unsubscribed, opens, clicks, bot_opens, bot_clicks) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`),
    added: await lines(
      sql<{
        line: string;
      }>`select concat_ws(' ', hour, added) as line from team_audience_hourly where team_id = ${teamId} and added <> 0`,
    ),
    events: await lines(
      sql<{
        line: string;
      }>`select concat_ws(' ', name, hour, events) as line from team_event_hourly where team_id = ${teamId}`,
    ),
    people: await lines(
      sql<{
        line: string;
      }>`select concat_ws(' ', name, day, people) as line from team_event_daily_people where team_id = ${teamId}`,
    ),
  };
}

describe("the migration's backfill", () => {
  test("rebuilds from stored rows exactly what the triggers and ingestion kept as they were written", async () => {
    const user = await signedIn();
    await seedAnalytics(user.teamId, new Date(Math.floor((Date.now() - 60 * HOUR) / HOUR) * HOUR));
    const kept = await rollupsOf(user.teamId);
    expect(kept.campaigns.length).toBeGreaterThan(5);
    expect(kept.events.length).toBeGreaterThan(5);
    await sql`truncate campaign_hourly_stats, team_audience_hourly, team_event_hourly, event_people_days, team_event_daily_people`.execute(
      getDb(),
    );
    await backfillAnalytics(getDb());
    expect(await rollupsOf(user.teamId)).toEqual(kept);
  });
});
