import { afterEach, describe, expect, test, vi } from "vitest";
import { action as deleteAction, loader as deletePage } from "#app/routes/dashboard/broadcast-delete.tsx";
import { action as editAction, loader as editPage } from "#app/routes/dashboard/broadcast-edit.tsx";
import { action as createAction, loader as newPage } from "#app/routes/dashboard/broadcast-new.tsx";
import { action as scheduleAction, loader as schedulePage } from "#app/routes/dashboard/broadcast-schedule.tsx";
import { loader as broadcastsPage } from "#app/routes/dashboard/broadcasts.tsx";
import { getDb } from "#db/database.ts";
import { createCampaign, getCampaign, listCampaigns } from "#server/campaigns/campaigns.ts";
import { formatRate } from "#server/campaigns/summary.ts";
import { createSegment } from "#server/segments/segments.ts";
import { signedIn } from "../factories.ts";
import { flashOf, formRequest, getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

const draft = async (teamId: string, name = "Spring launch") =>
  createCampaign(getDb(), { access: await ownerAccess(teamId), input: { name, type: "EMAIL", segmentIds: [] } });
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("the summary formula", () => {
  test("is part / whole × 100 to one decimal, 0.0 when nothing was sent", () => {
    expect(formatRate(0, 0)).toBe("0.0");
    expect(formatRate(5, 0)).toBe("0.0");
    expect(formatRate(1, 3)).toBe("33.3");
    expect(formatRate(2, 3)).toBe("66.7");
    expect(formatRate(10, 10)).toBe("100.0");
  });
});

describe("the broadcasts page", () => {
  test("lists only the team's campaigns with the first segment's name, or null for All Users", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const vip = await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "VIP" });
    await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { name: "To VIP", type: "SMS", segmentIds: [vip.id] },
    });
    await draft(user.teamId, "To everyone");
    await draft(other.teamId, "Not mine");

    const response = await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie));

    expect(response.status).toBe(200);
    const { campaigns, summary } = await response.json();
    expect(campaigns.map((c: { name: string; segmentName: string | null }) => [c.name, c.segmentName])).toEqual([
      ["To everyone", null],
      ["To VIP", "VIP"],
    ]);
    expect(campaigns[0]).toMatchObject({
      state: "DRAFT",
      subject: null,
      scheduledAt: null,
      analytics: { sent: 0, opened: 0, clicked: 0 },
    });
    expect(summary).toEqual({ totalCampaigns: 0, emailsSent: 0, avgOpenRate: "0.0", avgClickRate: "0.0" });
  });

  test("signed out, sends the visitor to sign in", async () => {
    const response = await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fbroadcasts");
  });
});

describe("creating a campaign", () => {
  test("saves the fields and the ticked segments, and says 'Campaign created successfully'", async () => {
    const user = await signedIn();
    const a = await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "A" });
    const b = await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "B" });
    const page = await serveDashboard(newPage, getRequest("/dashboard/broadcasts/new", user.cookie));
    expect((await page.json()).segments).toHaveLength(2);

    const response = await serveDashboard(
      createAction,
      formRequest(
        "/dashboard/broadcasts/new",
        { name: " Launch ", type: "WHATSAPP", subject: "Hi", content: "Hello", segmentIds: [b.id, a.id] },
        user.cookie,
      ),
    );

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/broadcasts");
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Campaign created successfully" },
    ]);
    const [campaign] = await listCampaigns(getDb(), { teamId: user.teamId });
    expect(campaign).toMatchObject({
      name: "Launch",
      type: "WHATSAPP",
      subject: "Hi",
      content: "Hello",
      state: "DRAFT",
    });
    // In the order posted, which is the order the form lists the ticked boxes in.
    expect(campaign!.segmentLinks.map((link) => link.segment.name)).toEqual(["B", "A"]);
  });

  test("a blank name answers 400 with 'Name is required' and creates nothing", async () => {
    const user = await signedIn();
    const response = await serveDashboard(
      createAction,
      formRequest("/dashboard/broadcasts/new", { name: "  ", type: "EMAIL" }, user.cookie),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.name).toEqual(["Name is required"]);
    expect(await listCampaigns(getDb(), { teamId: user.teamId })).toEqual([]);
  });

  test("another team's segment is refused with an 'Error' toast carrying the server's message", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const theirs = await createSegment(getDb(), { access: await ownerAccess(other.teamId), name: "Theirs" });
    const response = await serveDashboard(
      createAction,
      formRequest("/dashboard/broadcasts/new", { name: "X", segmentIds: theirs.id }, user.cookie),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.toasts).toEqual([{ type: "error", title: "Error", description: expect.any(String) }]);
    expect(body.result.error.segmentIds).toEqual([body.toasts[0].description]);
  });
});

describe("editing a campaign", () => {
  test("the dialog is prefilled; saving keeps a SCHEDULED campaign's time and says 'Campaign updated successfully'", async () => {
    const user = await signedIn();
    const at = new Date(Date.now() + 48 * 3600_000).toISOString();
    const created = await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { name: "Old", type: "EMAIL", subject: "S", segmentIds: [], scheduledTime: at },
    });

    const page = await serveDashboard(editPage, getRequest(`/dashboard/broadcasts/${created.id}/edit`, user.cookie), {
      id: created.id,
    });
    const { campaign } = await page.json();
    expect(campaign).toMatchObject({
      name: "Old",
      subject: "S",
      content: "",
      editable: true,
      state: "SCHEDULED",
      scheduledTime: at,
    });

    const response = await serveDashboard(
      editAction,
      formRequest(
        `/dashboard/broadcasts/${created.id}/edit`,
        { name: "New", type: "SMS", scheduledTime: campaign.scheduledTime },
        user.cookie,
      ),
      { id: created.id },
    );
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Campaign updated successfully" },
    ]);
    expect(await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id })).toMatchObject({
      name: "New",
      type: "SMS",
      state: "SCHEDULED",
      subject: null,
    });
  });

  test("the dialog gets the segments in their chosen order, and saving them so keeps the first one first", async () => {
    const user = await signedIn();
    const [a, b, c] = [
      await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "A" }),
      await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "B" }),
      await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: "C" }),
    ];
    const created = await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { name: "Ordered", type: "EMAIL", segmentIds: [c.id, a.id] },
    });
    const path = `/dashboard/broadcasts/${created.id}/edit`;

    const page = await serveDashboard(editPage, getRequest(path, user.cookie), { id: created.id });
    expect((await page.json()).campaign.segmentIds).toEqual([c.id, a.id]);

    // The form lists the ticked boxes first, in that order, so a newly ticked B comes after them.
    const response = await serveDashboard(
      editAction,
      formRequest(path, { name: "Ordered", segmentIds: [c.id, a.id, b.id] }, user.cookie),
      { id: created.id },
    );
    expect(response.status).toBe(302);
    const list = await (await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie))).json();
    expect(list.campaigns[0].segmentName).toBe("C");
    const saved = await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id });
    expect(saved.segmentLinks.map((link) => link.segment.name)).toEqual(["C", "A", "B"]);
  });

  test("a SENT campaign is shown as not editable, and a post is refused with 409", async () => {
    const user = await signedIn();
    const created = await draft(user.teamId);
    await getDb().updateTable("campaigns").set({ state: "SENT" }).where("id", "=", created.id).execute();

    const page = await serveDashboard(editPage, getRequest(`/dashboard/broadcasts/${created.id}/edit`, user.cookie), {
      id: created.id,
    });
    expect((await page.json()).campaign.editable).toBe(false);
    const response = await serveDashboard(
      editAction,
      formRequest(`/dashboard/broadcasts/${created.id}/edit`, { name: "New" }, user.cookie),
      { id: created.id },
    );
    expect(response.status).toBe(409);
    expect((await response.json()).toasts[0]).toMatchObject({
      title: "Error",
      description: "This campaign is SENT and can no longer be edited.",
    });
  });

  test.each([
    ["unknown", UNKNOWN_ID],
    ["malformed", "nope"],
  ])("an %s id is a 404", async (_, id) => {
    const user = await signedIn();
    for (const handler of [editPage, deletePage, schedulePage]) {
      const response = await serveDashboard(handler, getRequest(`/dashboard/broadcasts/${id}/edit`, user.cookie), {
        id,
      });
      expect(response.status).toBe(404);
    }
  });

  test("another team's campaign is a 404 and is left alone", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const theirs = await draft(other.teamId, "Theirs");
    const path = `/dashboard/broadcasts/${theirs.id}`;
    expect((await serveDashboard(editPage, getRequest(`${path}/edit`, user.cookie), { id: theirs.id })).status).toBe(
      404,
    );
    expect(
      (await serveDashboard(editAction, formRequest(`${path}/edit`, { name: "Mine" }, user.cookie), { id: theirs.id }))
        .status,
    ).toBe(404);
    expect(
      (await serveDashboard(deleteAction, formRequest(`${path}/delete`, {}, user.cookie), { id: theirs.id })).status,
    ).toBe(404);
    expect(
      (
        await serveDashboard(scheduleAction, formRequest(`${path}/schedule`, { intent: "tomorrow" }, user.cookie), {
          id: theirs.id,
        })
      ).status,
    ).toBe(404);
    expect(await getCampaign(getDb(), { teamId: other.teamId, campaignId: theirs.id })).toMatchObject({
      name: "Theirs",
      state: "DRAFT",
    });
  });
});

describe("scheduling", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("the Schedule button schedules 24 hours from now with 'Campaign scheduled successfully'; Unschedule goes back to DRAFT", async () => {
    const user = await signedIn();
    const created = await draft(user.teamId);
    const path = `/dashboard/broadcasts/${created.id}/schedule`;

    // The moment the button is pressed, held still so "24 hours from now" is one exact time.
    vi.useFakeTimers({ toFake: ["Date"] });
    const pressed = Date.now();
    const response = await serveDashboard(scheduleAction, formRequest(path, { intent: "tomorrow" }, user.cookie), {
      id: created.id,
    });
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Campaign scheduled successfully" },
    ]);
    const scheduled = await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id });
    expect(scheduled.state).toBe("SCHEDULED");
    expect(scheduled.scheduledAt!.getTime()).toBe(pressed + 24 * 3600_000);

    const again = await serveDashboard(scheduleAction, formRequest(path, { intent: "tomorrow" }, user.cookie), {
      id: created.id,
    });
    expect(again.headers.get("Location")).toBe("/dashboard/broadcasts");
    expect(await flashOf(again)).toEqual([
      { type: "error", title: "Error", description: "Only a DRAFT campaign can be scheduled; this one is SCHEDULED." },
    ]);

    const back = await serveDashboard(scheduleAction, formRequest(path, { intent: "unschedule" }, user.cookie), {
      id: created.id,
    });
    expect(back.status).toBe(302);
    expect(await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id })).toMatchObject({
      state: "DRAFT",
      scheduledAt: null,
    });
  });

  test("a chosen time is read as UTC; a past one is refused on the field", async () => {
    const user = await signedIn();
    const created = await draft(user.teamId);
    const path = `/dashboard/broadcasts/${created.id}/schedule`;

    const past = await serveDashboard(
      scheduleAction,
      formRequest(path, { intent: "at", scheduledTime: "2020-01-01T09:00" }, user.cookie),
      { id: created.id },
    );
    expect(past.status).toBe(400);
    expect((await past.json()).result.error.scheduledTime).toEqual(["Must be in the future"]);

    const response = await serveDashboard(
      scheduleAction,
      formRequest(path, { intent: "at", scheduledTime: "2099-01-31T09:30" }, user.cookie),
      { id: created.id },
    );
    expect(response.status).toBe(302);
    const campaign = await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id });
    expect(campaign.scheduledAt!.toISOString()).toBe("2099-01-31T09:30:00.000Z");
  });
});

describe("deleting a campaign", () => {
  test("asks first, then deletes with 'Campaign deleted successfully'", async () => {
    const user = await signedIn();
    const created = await draft(user.teamId, "Bye");
    const page = await serveDashboard(
      deletePage,
      getRequest(`/dashboard/broadcasts/${created.id}/delete`, user.cookie),
      { id: created.id },
    );
    expect(await page.json()).toEqual({ campaign: { id: created.id, name: "Bye" } });

    const response = await serveDashboard(
      deleteAction,
      formRequest(`/dashboard/broadcasts/${created.id}/delete`, {}, user.cookie),
      { id: created.id },
    );
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Campaign deleted successfully" },
    ]);
    expect(await listCampaigns(getDb(), { teamId: user.teamId })).toEqual([]);
  });

  test("an ACTIVE campaign is refused with 409 and an 'Error' toast", async () => {
    const user = await signedIn();
    const created = await draft(user.teamId);
    await getDb().updateTable("campaigns").set({ state: "ACTIVE" }).where("id", "=", created.id).execute();
    const response = await serveDashboard(
      deleteAction,
      formRequest(`/dashboard/broadcasts/${created.id}/delete`, {}, user.cookie),
      { id: created.id },
    );
    expect(response.status).toBe(409);
    expect((await response.json()).toasts).toEqual([
      { type: "error", title: "Error", description: "This campaign is sending and cannot be deleted." },
    ]);
  });
});
