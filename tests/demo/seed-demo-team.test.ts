import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { loader as analyticsApi } from "#app/routes/api/analytics.ts";
import * as analyticsPage from "#app/routes/dashboard/analytics.tsx";
import { loader as dashboardPage } from "#app/routes/dashboard/index.tsx";
import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { readCampaignConversions } from "#server/analytics/campaign-conversions.ts";
import { seedDemoTeam } from "#server/demo/seed-demo-team.ts";
import { isFictionalPhone, isReservedEmail } from "#shared/demo/reserved-addresses.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { createUser } from "../factories.ts";
import { bearer, getRequest, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";

const SIZE = 400;

async function demoMember(options: { size?: number; seed?: number; now?: Date } = {}) {
  const user = await createUser();
  const { teamId } = await seedDemoTeam(getDb(), { ownerId: user.userId, size: options.size ?? SIZE, ...options });
  const { token } = await createSession(getDb(), { userId: user.userId, teamId });
  return { ...user, teamId, token, cookie: { Cookie: await sessionCookieHeader(token) } };
}

async function countOf(query: ReturnType<typeof sql<{ n: number }>>) {
  const { rows } = await query.execute(getDb());
  return Number(rows[0]!.n);
}

describe("seedDemoTeam", () => {
  test("fills a demo team whose Analytics and Dashboard figures are the seeded rows, none of them zero", async () => {
    const member = await demoMember();
    await rollUpEvents();
    const teamId = member.teamId;
    const sent = await countOf(sql`select count(*) as n from deliveries where team_id = ${teamId} and status = 'sent'`);
    const opened = await countOf(
      sql`select count(*) as n from delivery_engagement e join deliveries d on d.id = e.delivery_id
        where d.team_id = ${teamId} and e.opened_at is not null`,
    );
    const clicked = await countOf(
      sql`select count(*) as n from delivery_engagement e join deliveries d on d.id = e.delivery_id
        where d.team_id = ${teamId} and e.clicked_at is not null`,
    );
    const events = await countOf(
      sql`select count(*) as n from events where team_id = ${teamId} and occurred_at > now() - interval '89 days'`,
    );
    for (const figure of [sent, opened, clicked, events]) expect(figure).toBeGreaterThan(0);

    const api = await respond(() =>
      analyticsApi(routeArgs(getRequest("/api/analytics?range=90d", bearer(member.token)))),
    );
    expect(api.status).toBe(200);
    const { totals } = (await api.json()).data;
    expect({ sent: totals.sent, opened: totals.opened, clicked: totals.clicked }).toEqual({ sent, opened, clicked });

    const page = await serveDashboard(
      analyticsPage.loader,
      getRequest("/dashboard/analytics?range=90d", member.cookie),
    );
    const body = await page.json();
    expect({ shown: body.campaigns.rows.length, total: body.campaigns.total }).toEqual({ shown: 5, total: 5 });
    const eventTotal = await countOf(
      sql`select coalesce(sum(events), 0) as n from team_event_daily where team_id = ${teamId}`,
    );
    expect(eventTotal).toBe(
      await countOf(sql`select count(*) as n from events where team_id = ${teamId} and name is not null`),
    );
    expect(body.eventNames.length).toBeGreaterThanOrEqual(6);

    const dashboard = await serveDashboard(dashboardPage, getRequest("/dashboard", member.cookie));
    const { stats, recentCampaigns } = await dashboard.json();
    expect(stats.contacts.total).toBe(SIZE);
    expect(stats.segments.total).toBe(5);
    expect(stats.openRate.value).toBeGreaterThan(0);
    expect(recentCampaigns.some((c: { opens: number }) => c.opens > 0)).toBe(true);

    // The upgrade campaign's goal events, stored as tracked events are, count as its conversions.
    const upgrade = await getDb()
      .selectFrom("campaigns")
      .select("id")
      .where("teamId", "=", teamId)
      .where("name", "=", "Upgrade to Pro: 20% off")
      .executeTakeFirstOrThrow();
    const conversions = await readCampaignConversions(getDb(), { teamId, campaignId: upgrade.id });
    expect(conversions.count).toBeGreaterThan(0);
    expect(conversions.revenue).toBe(conversions.count * 29);
  });

  test("writes only reserved example addresses and fictional phone numbers, and the ledger holds no other", async () => {
    const { teamId } = await demoMember();
    const contacts = await getDb()
      .selectFrom("contacts")
      .select(["email", "phone"])
      .where("teamId", "=", teamId)
      .execute();
    expect(contacts.length).toBe(SIZE);
    expect(contacts.filter((c) => !isReservedEmail(c.email ?? ""))).toEqual([]);
    expect(contacts.filter((c) => c.phone !== null && !isFictionalPhone(c.phone))).toEqual([]);
    const deliveries = await getDb()
      .selectFrom("deliveries")
      .select(["channel", "address"])
      .where("teamId", "=", teamId)
      .execute();
    expect(deliveries.length).toBeGreaterThan(0);
    const real = deliveries.filter((d) =>
      d.channel === "EMAIL" ? !isReservedEmail(d.address) : !isFictionalPhone(d.address),
    );
    expect(real).toEqual([]);
    const outbox = await getDb()
      .selectFrom("outboxMessages")
      .select(["channel", "toAddress"])
      .where("teamId", "=", teamId)
      .execute();
    expect(outbox.length).toBeGreaterThan(0);
    expect(
      outbox.filter((m) => (m.channel === "EMAIL" ? !isReservedEmail(m.toAddress) : !isFictionalPhone(m.toAddress))),
    ).toEqual([]);
  });

  test("the same seed gives the same people, events and outcomes", async () => {
    const now = new Date("2026-11-01T12:00:00Z");
    const snapshot = async (teamId: string) => {
      const { rows } = await sql<{ people: string; events: number; opened: number }>`
        select (select string_agg(name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || attributes::text, ',' order by email)
                from contacts where team_id = ${teamId}) as people,
          (select count(*)::int from events where team_id = ${teamId}) as events,
          (select count(*)::int from delivery_engagement e join deliveries d on d.id = e.delivery_id
            where d.team_id = ${teamId} and e.opened_at is not null) as opened`.execute(getDb());
      return rows[0];
    };
    const a = await demoMember({ size: 150, seed: 7, now });
    const b = await demoMember({ size: 150, seed: 7, now });
    const c = await demoMember({ size: 150, seed: 8, now });
    expect(await snapshot(b.teamId)).toEqual(await snapshot(a.teamId));
    expect((await snapshot(c.teamId))!.people).not.toEqual((await snapshot(a.teamId))!.people);
  });
});
