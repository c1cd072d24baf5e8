import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { loader as campaignsApi } from "#app/routes/api/campaigns.ts";
import { loader as broadcastsPage } from "#app/routes/dashboard/broadcasts.tsx";
import { getDb } from "#db/database.ts";
import { CAMPAIGNS_PAGE_SIZE } from "#server/campaigns/campaigns.ts";
import { formatRate } from "#server/campaigns/summary.ts";
import { recordClick, recordOpen } from "#server/tracking/record-hit.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { bearer, getRequest } from "../requests.ts";
import { createSentCampaign } from "../tracking/fixtures.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

const DAY = 24 * 3600_000;
const PERSON = {
  userAgent:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  ip: "198.51.100.7",
};

/** A campaign with `sent` messages sent, of which people opened and clicked these many. */
async function sentCampaign(
  teamId: string,
  options: { name: string; type?: CampaignType; sent: number; opened: number; clicked: number; ageDays?: number },
) {
  const { campaignId, recipients } = await createSentCampaign(teamId, {
    name: options.name,
    type: options.type,
    recipients: options.sent,
  });
  // People open and click through the tracking routes' own functions, which keep the rollups the cards read.
  const db = getDb();
  for (const [i, recipient] of recipients.slice(0, options.opened).entries()) {
    const hit = { ...PERSON, deliveryId: recipient.deliveryId };
    if (i < options.clicked)
      await recordClick(db, { ...hit, linkIndex: 0, url: "https://example.com/", method: "GET" });
    else await recordOpen(db, hit);
  }
  if (options.ageDays)
    await getDb()
      .updateTable("campaigns")
      .set({ createdAt: new Date(Date.now() - options.ageDays * DAY) })
      .where("id", "=", campaignId)
      .execute();
  return campaignId;
}

/**
 * `count` drafts in one statement, created one minute apart, the newest a minute ago; named "Draft 1" (newest) onwards.
 */
async function drafts(teamId: string, count: number) {
  await sql`
    insert into campaigns (id, team_id, name, created_at)
    select gen_random_uuid(), ${teamId}, 'Draft ' || n, now() - n * interval '1 minute'
    from generate_series(1, ${count}::int) as n
  `.execute(getDb());
}

async function api(token: string, query = "") {
  const response = await respond(() => campaignsApi(routeArgs(getRequest(`/api/campaigns${query}`, bearer(token)))));
  return { status: response.status, body: await response.json() };
}

describe("the Broadcasts summary cards", () => {
  test("pool opens and clicks over SENT campaigns (not a mean of rates); Emails Sent counts email only", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await sentCampaign(user.teamId, { name: "Big", sent: 10, opened: 5, clicked: 2 });
    await sentCampaign(user.teamId, { name: "Test send", sent: 2, opened: 0, clicked: 0 });
    await sentCampaign(user.teamId, { name: "Text", type: "SMS", sent: 3, opened: 1, clicked: 1 });
    // Sending right now: its results are not final, so the cards leave it out.
    const active = await sentCampaign(user.teamId, { name: "Going out", sent: 4, opened: 4, clicked: 4 });
    await getDb().updateTable("campaigns").set({ state: "ACTIVE", sentAt: null }).where("id", "=", active).execute();
    await sentCampaign(other.teamId, { name: "Theirs", sent: 100, opened: 100, clicked: 100 });

    const page = await (
      await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie), { id: "" })
    ).json();

    // 6 opened / 15 sent and 3 / 15 on every channel; the mean of the rates would be (50 + 0 + 33.3) / 3 = 27.8.
    expect(page.summary).toEqual({ totalCampaigns: 3, emailsSent: 12, avgOpenRate: "40.0", avgClickRate: "20.0" });
    expect(formatRate(6, 15)).toBe("40.0");
  });

  test("count every campaign of the team, not only the page the list shows", async () => {
    const user = await signedIn();
    // The SENT campaign is the oldest, so it is on the list's second page.
    await sentCampaign(user.teamId, { name: "Long ago", sent: 8, opened: 2, clicked: 1, ageDays: 400 });
    await drafts(user.teamId, CAMPAIGNS_PAGE_SIZE);

    const first = await (
      await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie), { id: "" })
    ).json();

    expect(first.campaigns).toHaveLength(CAMPAIGNS_PAGE_SIZE);
    expect(first.campaigns.map((c: { name: string }) => c.name)).not.toContain("Long ago");
    expect(first.summary).toEqual({ totalCampaigns: 1, emailsSent: 8, avgOpenRate: "25.0", avgClickRate: "12.5" });
    expect(first.nextCursor).toEqual(expect.any(String));

    // The "Older campaigns" link: a plain URL, so it works without JavaScript.
    const second = await (
      await serveDashboard(
        broadcastsPage,
        getRequest(`/dashboard/broadcasts?cursor=${first.nextCursor}`, user.cookie),
        { id: "" },
      )
    ).json();
    expect(second.campaigns.map((c: { name: string }) => c.name)).toEqual(["Long ago"]);
    expect(second).toMatchObject({ cursor: first.nextCursor, nextCursor: null, summary: first.summary });
  });

  test("a page link that is not a cursor goes back to the newest campaigns with a message", async () => {
    const user = await signedIn();
    const response = await serveDashboard(
      broadcastsPage,
      getRequest("/dashboard/broadcasts?cursor=garbage", user.cookie),
      { id: "" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/broadcasts");
  });
});

describe("GET /api/campaigns paging", () => {
  test("pages by keyset with limit and cursor, newest first, each campaign once, inside { data }", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await drafts(user.teamId, 5);
    await drafts(other.teamId, 3);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await api(user.token, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((c: { name: string }) => c.name));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen).toEqual(["Draft 1", "Draft 2", "Draft 3", "Draft 4", "Draft 5"]);
    const all = await api(user.token);
    expect(all.body).toMatchObject({ nextCursor: null });
    expect(all.body.data).toHaveLength(5);
  });

  test("a bad limit or cursor is a 400 that names the parameter", async () => {
    const user = await signedIn();
    const zero = await api(user.token, "?limit=0");
    expect(zero.status).toBe(400);
    expect(zero.body.fields).toEqual({ limit: ["limit must be 1 to 500"] });
    const tooMany = await api(user.token, "?limit=501");
    expect(tooMany.status).toBe(400);
    const cursor = await api(user.token, "?cursor=garbage");
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toBe("The cursor is not valid: use the nextCursor of a previous page.");
  });
});
