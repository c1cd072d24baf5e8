import { describe, expect, test } from "vitest";
import { action as campaignAction, loader as getCampaign } from "#app/routes/api/campaign.ts";
import { action as schedule } from "#app/routes/api/campaign-schedule.ts";
import { action as unschedule } from "#app/routes/api/campaign-unschedule.ts";
import { action as createCampaign, loader as listCampaigns } from "#app/routes/api/campaigns.ts";
import { action as createSegment } from "#app/routes/api/segments.ts";
import { getDb } from "#db/database.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

type Campaign = {
  id: string;
  name: string;
  type: string;
  subject: string | null;
  state: string;
  scheduledAt: string | null;
  segmentLinks: { segmentId: string; segment: { name: string } }[];
  analytics: { sent: number; opened: number; clicked: number };
};

const inADay = () => new Date(Date.now() + 24 * 3600_000).toISOString();

async function call(run: () => unknown) {
  const response = await respond(run);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const create = (token: string, body: unknown) =>
  call(() => createCampaign(routeArgs(jsonRequest("/api/campaigns", body, { headers: bearer(token) }))));
const list = async (token: string) =>
  (await call(() => listCampaigns(routeArgs(getRequest("/api/campaigns", bearer(token)))))).body.data as Campaign[];
const put = (token: string, id: string, body: unknown) =>
  call(() =>
    campaignAction(
      routeArgs(jsonRequest(`/api/campaigns/${id}`, body, { method: "PUT", headers: bearer(token) }), {
        params: { id },
      }),
    ),
  );
const remove = (token: string, id: string) =>
  call(() =>
    campaignAction(
      routeArgs(new Request(`http://murmur.test/api/campaigns/${id}`, { method: "DELETE", headers: bearer(token) }), {
        params: { id },
      }),
    ),
  );
const scheduleAt = (token: string, id: string, scheduledTime: unknown) =>
  call(() =>
    schedule(
      routeArgs(jsonRequest(`/api/campaigns/${id}/schedule`, { scheduledTime }, { headers: bearer(token) }), {
        params: { id },
      }),
    ),
  );
const unscheduleIt = (token: string, id: string) =>
  call(() =>
    unschedule(
      routeArgs(jsonRequest(`/api/campaigns/${id}/unschedule`, {}, { headers: bearer(token) }), { params: { id } }),
    ),
  );

async function segment(token: string, name: string): Promise<string> {
  const response = await respond(() =>
    createSegment(routeArgs(jsonRequest("/api/segments", { name }, { headers: bearer(token) }))),
  );
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function forceState(id: string, state: string) {
  await getDb().updateTable("campaigns").set({ state }).where("id", "=", id).execute();
}

describe("campaigns API", () => {
  test("create with the spec's form fields: a draft, EMAIL by default, segments in order, zero analytics", async () => {
    const user = await createSignedInUser();
    const vips = await segment(user.token, "VIPs");
    const trial = await segment(user.token, "Trial");
    const created = await create(user.token, {
      name: " Launch ",
      subject: "",
      content: "<p>Hi</p>",
      segmentIds: [trial, vips, trial],
      scheduledTime: "",
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Launch",
      type: "EMAIL",
      subject: null,
      state: "DRAFT",
      scheduledAt: null,
      segmentLinks: [
        { segmentId: trial, segment: { name: "Trial" } },
        { segmentId: vips, segment: { name: "VIPs" } },
      ],
      analytics: { sent: 0, opened: 0, clicked: 0 },
    });
    expect((await list(user.token)).map((c) => c.name)).toEqual(["Launch"]);
  });

  test("a scheduledTime in the form schedules it; a past one is refused", async () => {
    const user = await createSignedInUser();
    const when = inADay();
    const scheduled = await create(user.token, { name: "Later", type: "SMS", scheduledTime: when });
    expect(scheduled.body.data).toMatchObject({ state: "SCHEDULED", type: "SMS", scheduledAt: when });
    const past = await create(user.token, { name: "Too late", scheduledTime: "2001-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("The scheduled time must be in the future.");
  });

  test("bad input names the field; unknown and other teams' segments are refused", async () => {
    const user = await createSignedInUser();
    const stranger = await createSignedInUser();
    const theirs = await segment(stranger.token, "Theirs");
    const noName = await create(user.token, { name: "  " });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toMatchObject({ name: ["Name is required"] });
    const badType = await create(user.token, { name: "X", type: "FAX" });
    expect(badType.body.fields).toMatchObject({ type: ["type must be EMAIL, WHATSAPP or SMS"] });
    const foreign = await create(user.token, { name: "X", segmentIds: [theirs, "nope"] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`Segment not found: ${theirs}, nope`);
    expect(await list(user.token)).toEqual([]);
  });

  test("PUT replaces fields and segments of a draft; an empty scheduledTime unschedules", async () => {
    const user = await createSignedInUser();
    const seg = await segment(user.token, "Seg");
    const { body } = await create(user.token, { name: "First", scheduledTime: inADay() });
    const id = body.data.id as string;
    const updated = await put(user.token, id, {
      name: "Second",
      type: "WHATSAPP",
      subject: "S",
      content: "c",
      segmentIds: [seg],
      scheduledTime: "",
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: "Second",
      type: "WHATSAPP",
      state: "DRAFT",
      scheduledAt: null,
      segmentLinks: [{ segmentId: seg }],
    });
  });

  test("PUT with an empty scheduledTime makes a scheduled campaign a draft; leaving it out keeps the schedule", async () => {
    const user = await createSignedInUser();
    const when = inADay();
    const kept = (await create(user.token, { name: "Kept", scheduledTime: when })).body.data.id as string;
    const renamed = await put(user.token, kept, { name: "Renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Renamed", state: "SCHEDULED", scheduledAt: when });

    const cleared = await put(user.token, kept, { name: "Renamed", scheduledTime: "" });
    expect(cleared.body.data).toMatchObject({ state: "DRAFT", scheduledAt: null });
    // A draft stays a draft when the time is left out.
    expect((await put(user.token, kept, { name: "Still a draft" })).body.data).toMatchObject({
      state: "DRAFT",
      scheduledAt: null,
    });
  });

  test("PUT keeps segments in the order given: the first is the one the list shows", async () => {
    const user = await createSignedInUser();
    const [a, b, c] = [await segment(user.token, "A"), await segment(user.token, "B"), await segment(user.token, "C")];
    const id = (await create(user.token, { name: "Ordered", segmentIds: [c, a] })).body.data.id as string;
    const updated = await put(user.token, id, { name: "Ordered", segmentIds: [b, c, a] });
    expect(updated.body.data.segmentLinks.map((link: { segment: { name: string } }) => link.segment.name)).toEqual([
      "B",
      "C",
      "A",
    ]);
    expect((await list(user.token))[0]!.segmentLinks[0]!.segment.name).toBe("B");
  });

  test("ACTIVE and SENT campaigns cannot be edited, scheduled or unscheduled; ACTIVE cannot be deleted", async () => {
    const user = await createSignedInUser();
    for (const state of ["ACTIVE", "SENT"]) {
      const { body } = await create(user.token, { name: state });
      const id = body.data.id as string;
      await forceState(id, state);
      const edit = await put(user.token, id, { name: "Changed" });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe(`This campaign is ${state} and can no longer be edited.`);
      expect((await scheduleAt(user.token, id, inADay())).status).toBe(409);
      expect((await unscheduleIt(user.token, id)).status).toBe(409);
    }
    const active = (await list(user.token)).find((c) => c.name === "ACTIVE")!;
    const refused = await remove(user.token, active.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This campaign is sending and cannot be deleted.");
    const sent = (await list(user.token)).find((c) => c.name === "SENT")!;
    expect((await remove(user.token, sent.id)).status).toBe(204);
  });

  test("schedule only from DRAFT, to a valid future time; unschedule only from SCHEDULED", async () => {
    const user = await createSignedInUser();
    const { body } = await create(user.token, { name: "Timed" });
    const id = body.data.id as string;

    expect((await unscheduleIt(user.token, id)).status).toBe(409);
    const invalid = await scheduleAt(user.token, id, "tomorrow-ish");
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/scheduledTime must be an ISO date-time/);
    const past = await scheduleAt(user.token, id, new Date(Date.now() - 60_000).toISOString());
    expect(past.status).toBe(400);

    const when = inADay();
    const scheduled = await scheduleAt(user.token, id, when);
    expect(scheduled.body.data).toMatchObject({ state: "SCHEDULED", scheduledAt: when });
    const again = await scheduleAt(user.token, id, when);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only a DRAFT campaign can be scheduled; this one is SCHEDULED.");

    const back = await unscheduleIt(user.token, id);
    expect(back.body.data).toMatchObject({ state: "DRAFT", scheduledAt: null });
  });

  test("another team's campaign is a 404 for every endpoint; malformed ids too", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const { body } = await create(owner.token, { name: "Private" });
    const id = body.data.id as string;
    expect(
      (
        await call(() =>
          getCampaign(routeArgs(getRequest(`/api/campaigns/${id}`, bearer(stranger.token)), { params: { id } })),
        )
      ).status,
    ).toBe(404);
    expect((await put(stranger.token, id, { name: "Mine" })).status).toBe(404);
    expect((await remove(stranger.token, id)).status).toBe(404);
    expect((await scheduleAt(stranger.token, id, inADay())).status).toBe(404);
    expect((await unscheduleIt(stranger.token, id)).status).toBe(404);
    expect((await remove(owner.token, "not-a-uuid")).status).toBe(404);
    expect(await list(stranger.token)).toEqual([]);
  });

  test("no token is a 401", async () => {
    const response = await call(() => listCampaigns(routeArgs(getRequest("/api/campaigns"))));
    expect(response.status).toBe(401);
  });
});
