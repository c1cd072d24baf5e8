import { describe, expect, test } from "vitest";
import { formatDateTime } from "#app/components/broadcasts/format.ts";
import { action as scheduleAction, loader as schedulePage } from "#app/routes/dashboard/broadcast-schedule.tsx";
import { loader as broadcastsPage } from "#app/routes/dashboard/broadcasts.tsx";
import { getDb } from "#db/database.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { getRequest, ORIGIN } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

// A team in Paris picks a wall-clock time in the schedule dialog: the campaign must
// go at that instant, and the list must show it back as the same reading, with the zone.
// In 2099 Paris moves to summer time on 29 March (02:00 → 03:00) and back on 25 October (03:00 → 02:00).

async function parisTeam() {
  const user = await signedIn();
  await getDb().updateTable("teams").set({ timeZone: "Europe/Paris" }).where("id", "=", user.teamId).execute();
  return user;
}

/** Schedules a new draft through the dialog's form; answers what the list then shows for it. */
async function scheduleAt(user: Awaited<ReturnType<typeof parisTeam>>, wallClock: string) {
  const campaign = await createCampaign(getDb(), {
    access: await ownerAccess(user.teamId),
    input: { name: `At ${wallClock}`, type: "EMAIL", segmentIds: [] },
  });
  const path = `/dashboard/broadcasts/${campaign.id}/schedule`;
  const body = new URLSearchParams({ intent: "at", scheduledTime: wallClock });
  const response = await serveDashboard(
    scheduleAction,
    new Request(ORIGIN + path, { method: "POST", headers: user.cookie, body }),
    { id: campaign.id },
  );
  expect(response.status).toBe(302);
  const page = await (
    await serveDashboard(broadcastsPage, getRequest("/dashboard/broadcasts", user.cookie), { id: "" })
  ).json();
  const shown = page.campaigns.find((c: { id: string }) => c.id === campaign.id);
  return { scheduledAt: shown.scheduledAt as string, shown: formatDateTime(shown.scheduledAt, page.timeZone) };
}

describe("scheduling in the team's time zone (Europe/Paris)", () => {
  test("the dialog names the zone and suggests 24 hours from now as a Paris wall-clock time", async () => {
    const user = await parisTeam();
    const campaign = await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { name: "Soon", type: "EMAIL", segmentIds: [] },
    });
    const inParis = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Europe/Paris",
      dateStyle: "short",
      timeStyle: "short",
    });
    const paris = (at: number) => inParis.format(new Date(at + 24 * 3600_000)).replace(" ", "T");
    const before = paris(Date.now());
    const page = await (
      await serveDashboard(schedulePage, getRequest(`/dashboard/broadcasts/${campaign.id}/schedule`, user.cookie), {
        id: campaign.id,
      })
    ).json();
    expect(page.timeZone).toBe("Europe/Paris");
    expect([before, paris(Date.now())]).toContain(page.suggested);
  });

  test("a winter time is UTC+1 and a summer time UTC+2, shown back as chosen with the zone", async () => {
    const user = await parisTeam();
    expect(await scheduleAt(user, "2099-01-31T09:30")).toEqual({
      scheduledAt: "2099-01-31T08:30:00.000Z",
      shown: "Jan 31, 2099, 9:30 AM Europe/Paris",
    });
    expect(await scheduleAt(user, "2099-07-15T09:30")).toEqual({
      scheduledAt: "2099-07-15T07:30:00.000Z",
      shown: "Jul 15, 2099, 9:30 AM Europe/Paris",
    });
  });

  test("across the change to summer time: the day before, the day of, and a reading the clocks skip", async () => {
    const user = await parisTeam();
    expect(await scheduleAt(user, "2099-03-28T09:00")).toMatchObject({ scheduledAt: "2099-03-28T08:00:00.000Z" });
    expect(await scheduleAt(user, "2099-03-29T09:00")).toMatchObject({ scheduledAt: "2099-03-29T07:00:00.000Z" });
    // 02:30 does not exist that night: it is read as the same clock reading after the change, 03:30 summer time.
    expect(await scheduleAt(user, "2099-03-29T02:30")).toEqual({
      scheduledAt: "2099-03-29T01:30:00.000Z",
      shown: "Mar 29, 2099, 3:30 AM Europe/Paris",
    });
  });

  test("a reading that happens twice when the clocks go back is the first of the two", async () => {
    const user = await parisTeam();
    expect(await scheduleAt(user, "2099-10-25T02:30")).toEqual({
      scheduledAt: "2099-10-25T00:30:00.000Z",
      shown: "Oct 25, 2099, 2:30 AM Europe/Paris",
    });
    expect(await scheduleAt(user, "2099-10-25T09:00")).toMatchObject({ scheduledAt: "2099-10-25T08:00:00.000Z" });
  });
});
