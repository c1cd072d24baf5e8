import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { action as campaignAction, loader as getCampaignApi } from "#app/routes/api/campaign.ts";
import { action as createCampaignApi } from "#app/routes/api/campaigns.ts";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { loader as broadcastsPage } from "#app/routes/dashboard/broadcasts.tsx";
import { type Database, getDb } from "#db/database.ts";
import { attributeQueuedConversions } from "#server/analytics/attribute-conversions.ts";
import { readCampaignConversions as campaignConversions } from "#server/analytics/campaign-conversions.ts";
import { rollQueuedEvents } from "#server/analytics/roll-events.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import type { ConversionGoal } from "#shared/campaigns/conversion-goal.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { addContacts, sendQueues, staticSegment } from "../delivery/fixtures.ts";
import { sendWholeCampaign } from "../delivery/outcomes-fixture.ts";
import { planOf } from "../delivery/plan-of.ts";
import { seedEvents } from "../events/seed.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { ownerAccess } from "../team-access.ts";

const queues = sendQueues();

const DAY = 24 * 3600_000;
/** When the first campaign went out: three weeks ago, so every event below is in the past. */
const SENT = new Date(Date.now() - 21 * DAY);
const day = (n: number) => new Date(SENT.getTime() + n * DAY);

async function sendGoalCampaign(
  teamId: string,
  options: { name: string; goal: ConversionGoal | null; segmentIds?: string[]; sentAt: Date },
) {
  const campaign = await createCampaign(getDb(), {
    access: await ownerAccess(teamId),
    input: {
      name: options.name,
      type: "EMAIL",
      subject: "Hi",
      content: "<p>Hi</p>",
      segmentIds: options.segmentIds ?? [],
      scheduledTime: "",
      conversionGoal: options.goal,
    },
  });
  await sendWholeCampaign(queues, teamId, campaign.id);
  // The message was received at this time (the ledger records it when the provider accepted it).
  await getDb()
    .updateTable("deliveries")
    .set({ sentAt: options.sentAt })
    .where("campaignId", "=", campaign.id)
    .execute();
  return campaign;
}

/** Contacts known to the tracking API by user id, as identify would have linked them. */
async function people(teamId: string, names: string[]) {
  const ids = await addContacts(
    teamId,
    names.map((name) => ({ email: `${name}@murmur.test`, name })),
  );
  for (const [i, name] of names.entries())
    await getDb().updateTable("contacts").set({ externalId: name }).where("id", "=", ids[i]!).execute();
  return Object.fromEntries(names.map((name, i) => [name, ids[i]!]));
}

const ORDER = "Order Completed";

describe("conversions", () => {
  test("a recipient converts once, within the window, on an event matching the goal's properties; the last campaign received wins", async () => {
    const user = await signedIn();
    const ids = await people(user.teamId, ["ann", "bob", "cy", "dee"]);
    const launch = await sendGoalCampaign(user.teamId, {
      name: "Launch",
      goal: {
        event: ORDER,
        properties: [{ property: "plan", operator: "equals", value: "pro" }],
        withinDays: 5,
        revenueProperty: "total",
      },
      sentAt: SENT,
    });
    // Dee gets a reminder with a goal on the same event two days later.
    const reminder = await sendGoalCampaign(user.teamId, {
      name: "Reminder",
      goal: { event: ORDER, properties: [], withinDays: 5, revenueProperty: null },
      segmentIds: [await staticSegment(user.teamId, [ids.dee!])],
      sentAt: day(2),
    });
    await seedEvents(user.teamId, [
      { userId: "ann", name: ORDER, properties: { plan: "pro", total: 30 }, occurredAt: day(1) },
      { userId: "ann", name: ORDER, properties: { plan: "pro", total: 50 }, occurredAt: day(2) }, // a second order: counted once
      { userId: "bob", name: ORDER, properties: { plan: "basic", total: 99 }, occurredAt: day(1) }, // not the goal's plan
      { userId: "cy", name: ORDER, properties: { plan: "pro", total: 20 }, occurredAt: day(6) }, // after the 5 days
      { userId: "cy", name: ORDER, properties: { plan: "pro", total: 20 }, occurredAt: day(-1) }, // before receiving it
      { userId: "dee", name: ORDER, properties: { plan: "pro", total: 40 }, occurredAt: day(3) }, // after the reminder: the reminder's
    ]);
    // The worker attributes them as they arrive, off the request path.
    await rollUpEvents();

    expect(await campaignConversions(getDb(), { teamId: user.teamId, campaignId: launch.id })).toEqual({
      count: 1,
      rate: 25,
      revenue: 30,
    });
    expect(await campaignConversions(getDb(), { teamId: user.teamId, campaignId: reminder.id })).toEqual({
      count: 1,
      rate: 100,
      revenue: 0,
    });

    const page = await (
      await serveDashboard(campaignPage, getRequest(`/dashboard/broadcasts/${launch.id}`, user.cookie), {
        id: launch.id,
      })
    ).json();
    expect(page.conversions).toEqual({ count: 1, rate: 25, revenue: 30 });
    expect(page.conversionGoal).toMatchObject({ event: ORDER, withinDays: 5, revenueProperty: "total" });

    // The Broadcasts list shows each campaign's conversions beside its sends, opens and clicks.
    const list = await (await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie))).json();
    expect(list.campaigns.map((c: { name: string; conversions: number | null }) => [c.name, c.conversions])).toEqual([
      ["Reminder", 1],
      ["Launch", 1],
    ]);

    const stranger = await signedIn();
    await expect(
      campaignConversions(getDb(), { teamId: stranger.teamId, campaignId: launch.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("a campaign without a goal has none; the figure is read from its stored conversions, never from events or the ledger", async () => {
    const user = await signedIn();
    await people(user.teamId, ["eve"]);
    const plain = await sendGoalCampaign(user.teamId, { name: "Plain", goal: null, sentAt: SENT });
    expect(await campaignConversions(getDb(), { teamId: user.teamId, campaignId: plain.id })).toEqual({
      count: 0,
      rate: 0,
      revenue: 0,
    });
    // Without a goal the Broadcasts list shows no conversions figure at all, rather than a 0.
    const list = await (await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie))).json();
    expect(list.campaigns[0]).toMatchObject({ name: "Plain", conversions: null });
    const goal = await sendGoalCampaign(user.teamId, {
      name: "Goal",
      goal: { event: ORDER, properties: [], withinDays: 5, revenueProperty: null },
      sentAt: SENT,
    });
    await sendGoalCampaign(user.teamId, {
      name: "Rival",
      goal: { event: ORDER, properties: [], withinDays: 3, revenueProperty: null },
      sentAt: day(1),
    });
    const plan = await planOf((db) => campaignConversions(db, { teamId: user.teamId, campaignId: goal.id }));
    // Reading the figure costs the campaign's own rollup rows, whatever its size.
    expect(plan).toMatch(/campaign_conversion_hourly/);
    expect(plan).not.toMatch(/ on (events|deliveries)\b/);
  });

  test("the API takes, shows, keeps and removes a goal, and names the field of a bad one", async () => {
    const user = await signedIn();
    const call = async (run: () => unknown) => {
      const response = await respond(run);
      return { status: response.status, body: await response.json() };
    };
    const goal = {
      event: ORDER,
      properties: [{ property: "total", operator: "greater_than", value: 10 }],
      revenueProperty: "total",
    };
    const created = await call(() =>
      createCampaignApi(
        routeArgs(
          jsonRequest(
            "/api/campaigns",
            { name: "Sale", type: "EMAIL", subject: "Sale", content: "<p>Sale</p>", conversionGoal: goal },
            { headers: bearer(user.token) },
          ),
        ),
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.conversionGoal).toEqual({ ...goal, withinDays: 5 });
    const id = created.body.data.id;
    const put = (body: unknown) =>
      call(() =>
        campaignAction(
          routeArgs(jsonRequest(`/api/campaigns/${id}`, body, { method: "PUT", headers: bearer(user.token) }), {
            params: { id },
          }),
        ),
      );

    const renamed = await put({ name: "Big sale", type: "EMAIL", subject: "Sale", content: "<p>Sale</p>" });
    expect(renamed.body.data.conversionGoal).toEqual({ ...goal, withinDays: 5 });
    const bad = await put({
      name: "Big sale",
      type: "EMAIL",
      conversionGoal: {
        event: "",
        withinDays: 0,
        properties: [{ property: "total", operator: "greater_than", value: "ten" }],
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual([
      "conversionGoal.event",
      "conversionGoal.properties.0.value",
      "conversionGoal.withinDays",
    ]);
    expect(bad.body.fields["conversionGoal.withinDays"]).toEqual(["Enter a whole number of days from 1 to 90"]);
    const removed = await put({ name: "Big sale", type: "EMAIL", conversionGoal: null });
    expect(removed.body.data.conversionGoal).toBeNull();
    const shown = await call(() =>
      getCampaignApi(routeArgs(getRequest(`/api/campaigns/${id}`, bearer(user.token)), { params: { id } })),
    );
    expect(shown.body.data.conversionGoal).toBeNull();
  });

  test("a campaign deleted while its conversions are being attributed takes them with it; the worker's step does not fail", async () => {
    const user = await signedIn();
    await people(user.teamId, ["ann"]);
    const launch = await sendGoalCampaign(user.teamId, {
      name: "Deleted meanwhile",
      goal: { event: ORDER, properties: [], withinDays: 5, revenueProperty: null },
      sentAt: SENT,
    });
    await seedEvents(user.teamId, [{ userId: "ann", name: ORDER, occurredAt: day(1) }]);
    // The rollup passes the goal event on to the conversions' queue.
    await rollQueuedEvents(getDb());

    // The campaign is deleted by a transaction that commits only once the attribution waits on it.
    let attribution: Promise<number> | undefined;
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("campaigns").where("id", "=", launch.id).execute();
        attribution = attributeQueuedConversions(getDb());
        await waitForTheAttribution(trx);
      });

    await expect(attribution).resolves.toBe(1);
    const stored = await getDb()
      .selectFrom("campaignConversions")
      .select("campaignId")
      .where("teamId", "=", user.teamId)
      .execute();
    expect(stored).toEqual([]);
    expect(
      await getDb().selectFrom("conversionQueue").select("id").where("teamId", "=", user.teamId).execute(),
    ).toEqual([]);
  });
});

/** Until another session waits for a lock this transaction holds (the deleted campaign's row), within 10 s. */
async function waitForTheAttribution(trx: Database): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(trx);
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the attribution never waited for the deleting transaction");
}
