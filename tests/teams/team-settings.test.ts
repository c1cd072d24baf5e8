import { describe, expect, test } from "vitest";
import { action as scheduleAction, loader as schedulePage } from "#app/routes/dashboard/broadcast-schedule.tsx";
import { loader as broadcastsPage } from "#app/routes/dashboard/broadcasts.tsx";
import { action as settingsAction, loader as settingsPage } from "#app/routes/dashboard/settings.tsx";
import { getDb } from "#db/database.ts";
import { createCampaign, getCampaign } from "#server/campaigns/campaigns.ts";
import { flashOf, formRequest, getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn, teamWithRoles } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

const SETTINGS = "/dashboard/settings";

const saveSettings = (cookie: HeadersInit, fields: Record<string, string>) =>
  serveDashboard(settingsAction, formRequest(SETTINGS, fields, cookie));

describe("the Team card of Settings", () => {
  test("a new team is in UTC with no address; saving shows 'Team settings saved' and the page shows the new values", async () => {
    const user = await signedIn();
    const before = await (await serveDashboard(settingsPage, getRequest(SETTINGS, user.cookie))).json();
    expect(before.team).toEqual({ timeZone: "UTC", postalAddress: "", keepEvents: "forever" });
    expect(before.timeZones[0]).toBe("UTC");
    expect(before.timeZones).toContain("Asia/Tokyo");

    const address = "Murmur Inc.\r\n1 Main Street\r\nSpringfield";
    const response = await saveSettings(user.cookie, { timeZone: "Asia/Tokyo", postalAddress: address });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(SETTINGS);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Team settings saved" },
    ]);

    const after = await (await serveDashboard(settingsPage, getRequest(SETTINGS, user.cookie))).json();
    expect(after.team).toEqual({
      timeZone: "Asia/Tokyo",
      postalAddress: "Murmur Inc.\n1 Main Street\nSpringfield",
      keepEvents: "forever",
    });

    // An empty address clears it.
    await saveSettings(user.cookie, { timeZone: "Asia/Tokyo", postalAddress: "  " });
    expect(
      (await (await serveDashboard(settingsPage, getRequest(SETTINGS, user.cookie))).json()).team.postalAddress,
    ).toBe("");
  });

  test("an unknown zone or a too long address is explained on its field and nothing is saved", async () => {
    const user = await signedIn();
    const response = await saveSettings(user.cookie, { timeZone: "Mars/Olympus_Mons", postalAddress: "x".repeat(501) });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toEqual({
      timeZone: ["Choose a time zone from the list, such as Europe/Paris or UTC"],
      postalAddress: ["The postal address must be at most 500 characters"],
    });
    expect(body.result.initialValue).toMatchObject({ timeZone: "Mars/Olympus_Mons" });
    const team = await getDb()
      .selectFrom("teams")
      .select(["timeZone", "postalAddress"])
      .where("id", "=", user.teamId)
      .executeTakeFirstOrThrow();
    expect(team).toEqual({ timeZone: "UTC", postalAddress: null });
  });

  test("a team's settings change only that team", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await saveSettings(user.cookie, { timeZone: "Europe/Paris", postalAddress: "1 rue de Rivoli" });
    const theirs = await (await serveDashboard(settingsPage, getRequest(SETTINGS, other.cookie))).json();
    expect(theirs.team).toEqual({ timeZone: "UTC", postalAddress: "", keepEvents: "forever" });
  });
});

describe("Keep product events", () => {
  test("a number of months is saved and shown; forever again keeps every event", async () => {
    const user = await signedIn();
    const response = await saveSettings(user.cookie, { timeZone: "UTC", postalAddress: "", keepEvents: "13" });
    expect(response.status).toBe(302);
    const page = await (await serveDashboard(settingsPage, getRequest(SETTINGS, user.cookie))).json();
    expect(page.team.keepEvents).toBe("13");

    await saveSettings(user.cookie, { timeZone: "UTC", postalAddress: "", keepEvents: "forever" });
    const again = await (await serveDashboard(settingsPage, getRequest(SETTINGS, user.cookie))).json();
    expect(again.team.keepEvents).toBe("forever");
  });

  test("anything but forever or 1 to 1200 months is explained on its field and nothing is saved", async () => {
    const user = await signedIn();
    await saveSettings(user.cookie, { timeZone: "UTC", postalAddress: "", keepEvents: "24" });
    for (const keepEvents of ["0", "1201", "-3", "a year", "6.5"]) {
      const response = await saveSettings(user.cookie, { timeZone: "UTC", postalAddress: "", keepEvents });
      expect(response.status).toBe(400);
      expect((await response.json()).result.error).toEqual({
        keepEvents: ["Choose forever or a number of months from 1 to 1200"],
      });
    }
    const page = await (await serveDashboard(settingsPage, getRequest(SETTINGS, user.cookie))).json();
    expect(page.team.keepEvents).toBe("24");
  });

  test("an admin may change it, a marketer may not: 403, and the setting stays", async () => {
    const { members } = await teamWithRoles();
    const saved = await saveSettings(members.admin.cookie, { timeZone: "UTC", postalAddress: "", keepEvents: "6" });
    expect(saved.status).toBe(302);
    const response = await saveSettings(members.marketer.cookie, {
      timeZone: "UTC",
      postalAddress: "",
      keepEvents: "forever",
    });
    expect(response.status).toBe(403);
    const page = await (await serveDashboard(settingsPage, getRequest(SETTINGS, members.owner.cookie))).json();
    expect(page.team.keepEvents).toBe("6");
  });
});

describe("campaign times in the team's time zone", () => {
  test("the schedule dialog suggests, reads and the list shows times in the team's zone, naming it", async () => {
    const user = await signedIn();
    await saveSettings(user.cookie, { timeZone: "Asia/Tokyo", postalAddress: "" });
    const created = await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { name: "Later", type: "EMAIL", segmentIds: [] },
    });
    const path = `/dashboard/broadcasts/${created.id}/schedule`;

    const dialog = await (await serveDashboard(schedulePage, getRequest(path, user.cookie), { id: created.id })).json();
    expect(dialog.timeZone).toBe("Asia/Tokyo");
    // Tomorrow at this minute on Tokyo's clock (UTC+9, no daylight saving).
    const tokyoTomorrow = new Date(Date.now() + 24 * 3600_000 + 9 * 3600_000).toISOString().slice(0, 16);
    expect([tokyoTomorrow, new Date(Date.parse(`${tokyoTomorrow}Z`) - 60_000).toISOString().slice(0, 16)]).toContain(
      dialog.suggested,
    );

    const response = await serveDashboard(
      scheduleAction,
      formRequest(path, { intent: "at", scheduledTime: "2099-01-31T09:30" }, user.cookie),
      { id: created.id },
    );
    expect(response.status).toBe(302);
    expect(
      (await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id })).scheduledAt!.toISOString(),
    ).toBe("2099-01-31T00:30:00.000Z");

    const list = await (await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie))).json();
    expect(list.timeZone).toBe("Asia/Tokyo");
  });

  test("a time that is past in the team's zone, or a day that does not exist, is refused on the field", async () => {
    const user = await signedIn();
    // Kiritimati is UTC+14: its wall clock is ahead of everyone's, so "now there" minus an hour is past.
    await saveSettings(user.cookie, { timeZone: "Pacific/Kiritimati", postalAddress: "" });
    const created = await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { name: "Soon", type: "EMAIL", segmentIds: [] },
    });
    const path = `/dashboard/broadcasts/${created.id}/schedule`;
    const anHourAgoThere = new Date(Date.now() + 13 * 3600_000).toISOString().slice(0, 16);
    const response = await serveDashboard(
      scheduleAction,
      formRequest(path, { intent: "at", scheduledTime: anHourAgoThere }, user.cookie),
      { id: created.id },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.scheduledTime).toEqual(["Must be in the future"]);
    const noSuchDay = await serveDashboard(
      scheduleAction,
      formRequest(path, { intent: "at", scheduledTime: "2099-02-30T09:00" }, user.cookie),
      { id: created.id },
    );
    expect(noSuchDay.status).toBe(400);
    expect((await noSuchDay.json()).result.error.scheduledTime).toEqual(["Not a valid date-time"]);
    expect((await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id })).state).toBe("DRAFT");
  });
});
