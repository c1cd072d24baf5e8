import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { loader as analyticsApi } from "#app/routes/api/analytics.ts";
import { loader as analyticsPage } from "#app/routes/dashboard/analytics.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import type { DB } from "#db/types.ts";
import { readAnalyticsPage } from "#server/analytics/analytics-page.ts";
import { readAnalyticsVersions } from "#server/analytics/analytics-versions.ts";
import { foldEndedWriters } from "#server/analytics/fold-analytics-changes.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import { recordOpen } from "#server/tracking/record-hit.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { createSentCampaign } from "../tracking/fixtures.ts";
import { rollUpEvents } from "./roll-up.ts";
import { PERSON, seedAnalytics } from "./seed.ts";

const HOUR = 3_600_000;

/** A database handle that records the tables each of its statements reads. */
const statements: string[] = [];
const watched = new Kysely<DB>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) }),
  plugins: [new CamelCasePlugin()],
  log: (event) => {
    if (event.level === "query") statements.push(event.query.sql);
  },
});
afterAll(() => watched.destroy());

const ROLLUPS = /campaign_hourly_stats|campaign_conversion_hourly|team_audience_hourly|team_event_|event_names/;

async function statementsOf(read: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await read();
  return [...statements];
}

async function page(cookie: { Cookie: string }) {
  return (await serveDashboard(analyticsPage, getRequest("/dashboard/analytics?range=7d", cookie), { id: "" })).json();
}

async function api(token: string) {
  const response = await respond(() => analyticsApi(routeArgs(getRequest("/api/analytics?range=7d", bearer(token)))));
  return (await response.json()).data;
}

describe("figures kept between requests", () => {
  test("are answered again without reading the rollups, and only the section a write changed is read anew", async () => {
    const user = await signedIn();
    const { email } = await seedAnalytics(user.teamId, new Date(Math.floor((Date.now() - 60 * HOUR) / HOUR) * HOUR));
    const read = () =>
      readAnalyticsPage(watched, { teamId: user.teamId, query: { range: "7d" }, sort: "sent", eventNames: [] });
    const first = await read();
    expect(first.totals.sent).toBeGreaterThan(0);

    // Nothing written since: the period and the versions are read, no rollup.
    const again = await statementsOf(read);
    expect(again.length).toBeLessThanOrEqual(2);
    expect(again.filter((text) => ROLLUPS.test(text))).toEqual([]);
    expect(await read()).toEqual(first);

    // A person opens: the campaign figures are read again; audience and events are not.
    await recordOpen(getDb(), { ...PERSON, deliveryId: email.recipients[2]!.deliveryId, at: new Date() });
    const afterOpen = await statementsOf(read);
    expect(afterOpen.some((text) => text.includes("campaign_hourly_stats"))).toBe(true);
    expect(afterOpen.some((text) => /team_audience_hourly|team_event_/.test(text))).toBe(false);
    expect((await read()).totals.opens).toBe(first.totals.opens + 1);
  });

  test("show every kind of write as soon as it commits, on the page and in the API", async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const base = new Date(Math.floor((Date.now() - 60 * HOUR) / HOUR) * HOUR);
    const { email } = await seedAnalytics(user.teamId, base);
    await seedAnalytics(stranger.teamId, base);
    const before = await page(user.cookie);
    const apiBefore = await api(user.token);
    const strangerBefore = await page(stranger.cookie);

    // The ledger: a campaign sent to three people.
    const sale = await createSentCampaign(user.teamId, {
      name: "Winter sale",
      sentAt: new Date(Date.now() - 2 * HOUR),
      outcomes: ["sent", "sent", "sent"],
    });
    let now = await page(user.cookie);
    expect(now.totals.sent).toBe(before.totals.sent + 3);
    expect(now.campaigns.total).toBe(before.campaigns.total + 1);
    expect(now.campaignChoices.map((choice: { name: string }) => choice.name)).toContain("Winter sale");
    expect((await api(user.token)).totals.sent).toBe(apiBefore.totals.sent + 3);

    // Engagement: one of them opens it.
    await recordOpen(getDb(), { ...PERSON, deliveryId: sale.recipients[0]!.deliveryId, at: new Date() });
    now = await page(user.cookie);
    expect(now.totals.opened).toBe(before.totals.opened + 1);
    expect((await api(user.token)).totals.opened).toBe(apiBefore.totals.opened + 1);

    // A rename shows in the campaigns table.
    await getDb().updateTable("campaigns").set({ name: "Autumn letter" }).where("id", "=", email.campaignId).execute();
    now = await page(user.cookie);
    expect(now.campaigns.rows.map((row: { name: string }) => row.name)).toContain("Autumn letter");

    // A contact added counts in audience growth.
    const added = (points: { added: number }[]) => points.reduce((sum, point) => sum + point.added, 0);
    const beforeContact = now;
    await getDb()
      .insertInto("contacts")
      .values({ id: newId(), teamId: user.teamId, email: `new-${newId()}@example.com`, name: "New reader" })
      .execute();
    now = await page(user.cookie);
    expect(added(now.audience)).toBe(added(beforeContact.audience) + 1);

    // Product events, once the worker has counted them.
    await insertEvents(getDb(), {
      teamId: user.teamId,
      messages: [
        {
          id: newId(),
          type: "track",
          name: "Page Viewed",
          userId: "user-kept",
          anonymousId: null,
          properties: {},
          context: {},
          messageId: `kept-${newId()}`,
          occurredAt: new Date(),
        },
      ],
      receivedAt: new Date(),
      contactOf: () => null,
    });
    await rollUpEvents();
    now = await page(user.cookie);
    const pageViews = (trends: { name: string; total: number }[]) =>
      trends.find((t) => t.name === "Page Viewed")!.total;
    expect(pageViews(now.events)).toBe(pageViews(before.events) + 1);

    // Another team's figures are its own, kept apart and untouched by these writes.
    expect(await page(stranger.cookie)).toEqual(strangerBefore);
  });

  test("are counted without one writer waiting for another of the same team", async () => {
    const user = await signedIn();
    const first = await createSentCampaign(user.teamId, { name: "First" });
    const second = await createSentCampaign(user.teamId, { name: "Second" });
    const rename = (db: Kysely<DB>, id: string, name: string) =>
      db.updateTable("campaigns").set({ name }).where("id", "=", id).execute();
    await getDb()
      .transaction()
      .execute(async (open) => {
        await rename(open, first.campaignId, "First, renamed");
        // While that transaction holds its write, another connection writes for the same
        // team and commits: a counter both had to update would hold it until the lock timeout.
        await getDb()
          .transaction()
          .execute(async (other) => {
            await sql`set local lock_timeout = '2s'`.execute(other);
            await rename(other, second.campaignId, "Second, renamed");
          });
      });
    const names = (await page(user.cookie)).campaigns.rows.map((row: { name: string }) => row.name).sort();
    expect(names).toEqual(["First, renamed", "Second, renamed"]);
  });

  test("keep their versions when the counts of ended connections are folded into one row", async () => {
    const user = await signedIn();
    const { campaignId } = await createSentCampaign(user.teamId, { name: "Spring launch" });
    // A connection writes for the team and ends, as pooled connections do when idle.
    const writer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await writer.connect();
    const { rows } = await writer.query<{ pid: number }>("select pg_backend_pid() as pid");
    await writer.query("update campaigns set name = 'Spring launch, again' where id = $1", [campaignId]);
    await writer.end();
    const ended = rows[0]!.pid;
    const rowsOfTeam = () =>
      getDb().selectFrom("analyticsChanges").select("backend").where("teamId", "=", user.teamId).execute();
    expect((await rowsOfTeam()).map((row) => row.backend)).toContain(ended);
    // The server ends the backend just after the client leaves.
    for (;;) {
      const alive = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where pid = ${ended}`.execute(getDb());
      if (alive.rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = await readAnalyticsVersions(getDb(), user.teamId);

    expect(await foldEndedWriters(getDb())).toBeGreaterThan(0);
    expect((await rowsOfTeam()).map((row) => row.backend)).not.toContain(ended);
    expect(await readAnalyticsVersions(getDb(), user.teamId)).toEqual(before);

    // Counting goes on after the fold, and the page shows the next write.
    await getDb().updateTable("campaigns").set({ name: "Spring launch, third" }).where("id", "=", campaignId).execute();
    const after = await readAnalyticsVersions(getDb(), user.teamId);
    expect(BigInt(after.campaigns)).toBe(BigInt(before.campaigns) + 1n);
    expect((await page(user.cookie)).campaigns.rows.map((row: { name: string }) => row.name)).toEqual([
      "Spring launch, third",
    ]);
  });
});
