import { describe, expect, test } from "vitest";
import { action as campaignAction, loader as campaignApi } from "#app/routes/api/campaign.ts";
import { action as createCampaignApi } from "#app/routes/api/campaigns.ts";
import { action as putSettings, loader as getSettings } from "#app/routes/api/settings-frequency.ts";
import { action as editAction, loader as editPage } from "#app/routes/dashboard/broadcast-edit.tsx";
import { action as createAction } from "#app/routes/dashboard/broadcast-new.tsx";
import { getDb } from "#db/database.ts";
import { signedIn, teamWithRoles } from "../factories.ts";
import { bearer, formRequest, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";

const PATH = "/api/settings/frequency";
const read = (token: string) => respond(() => getSettings(routeArgs(getRequest(PATH, bearer(token)))));
const write = (token: string, body: unknown) =>
  respond(() => putSettings(routeArgs(jsonRequest(PATH, body, { method: "PUT", headers: bearer(token) }))));

const NONE = { rules: [], quietHours: [], timeZoneAttribute: null, overCap: "wait" };

describe("GET and PUT /api/settings/frequency", () => {
  test("reads none at first; PUT replaces them and GET reads them back; another team's stay as they were", async () => {
    const user = await signedIn();
    const other = await signedIn();
    expect(await (await read(user.token)).json()).toEqual({ data: NONE });
    const settings = {
      rules: [
        { channel: "EMAIL", limit: 1, window: 1, unit: "days" },
        { channel: "SMS", limit: 2, window: 12, unit: "hours" },
      ],
      quietHours: [{ channel: "SMS", from: "21:00", to: "09:00" }],
      timeZoneAttribute: "timezone",
      overCap: "skip",
    };
    const saved = await write(user.token, settings);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ data: settings });
    expect(await (await read(user.token)).json()).toEqual({ data: settings });
    expect(await (await read(other.token)).json()).toEqual({ data: NONE });
  });

  test("bad input is a 400 naming each field, never a 500; a Viewer is refused with a 403", async () => {
    const { members } = await teamWithRoles();
    const bad = await write(members.owner.token, {
      rules: [{ channel: "FAX", limit: 0, window: 1, unit: "weeks" }],
      quietHours: [{ channel: "SMS", from: "9pm", to: "09:00" }],
      overCap: "later",
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.fields).toMatchObject({
      "rules.0.channel": ["channel must be EMAIL, SMS or WHATSAPP"],
      "rules.0.limit": ["The number of messages must be at least 1"],
      "rules.0.unit": ["unit must be hours or days"],
      "quietHours.0.from": ["Use HH:MM, from 00:00 to 23:59"],
      overCap: ["overCap must be wait or skip"],
    });
    const tooMany = await write(members.owner.token, {
      rules: Array.from({ length: 10 }, (_, i) => ({ channel: "EMAIL", limit: 1, window: i + 1, unit: "hours" })),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).fields.rules).toEqual(["At most 9 rules"]);
    expect((await write(members.owner.token, "not json")).status).toBe(400);

    const refused = await write(members.viewer.token, NONE);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "A Viewer cannot change frequency caps and quiet hours." });
    expect((await read(members.viewer.token)).status).toBe(200);
  });
});

describe("a campaign that ignores frequency caps and quiet hours", () => {
  test("the API takes and answers ignoreFrequencyCaps; left out on PUT it stays as it was", async () => {
    const user = await signedIn();
    const created = await respond(() =>
      createCampaignApi(
        routeArgs(
          jsonRequest(
            "/api/campaigns",
            {
              name: "Outage notice",
              type: "EMAIL",
              subject: "Outage",
              content: "<p>Sorry</p>",
              ignoreFrequencyCaps: true,
            },
            { headers: bearer(user.token) },
          ),
        ),
      ),
    );
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data.ignoreFrequencyCaps).toBe(true);
    const path = `/api/campaigns/${data.id}`;
    const put = (body: unknown) =>
      respond(() =>
        campaignAction(
          routeArgs(jsonRequest(path, body, { method: "PUT", headers: bearer(user.token) }), {
            params: { id: data.id },
          }),
        ),
      );
    const renamed = await put({ name: "Outage notice (fixed)", type: "EMAIL", subject: "Outage", content: "<p>x</p>" });
    expect((await renamed.json()).data.ignoreFrequencyCaps).toBe(true);
    expect(
      (await (await put({ name: "Outage", type: "EMAIL", ignoreFrequencyCaps: false })).json()).data,
    ).toMatchObject({ ignoreFrequencyCaps: false });
    const wrong = await put({ name: "Outage", type: "EMAIL", ignoreFrequencyCaps: "yes" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fields.ignoreFrequencyCaps).toEqual(["ignoreFrequencyCaps must be true or false"]);
    const got = await respond(() =>
      campaignApi(routeArgs(getRequest(path, bearer(user.token)), { params: { id: data.id } })),
    );
    expect((await got.json()).data.ignoreFrequencyCaps).toBe(false);
  });

  test("the editor's checkbox saves it without JavaScript, shows it ticked, and unticked clears it", async () => {
    const user = await signedIn();
    const created = await serveDashboard(
      createAction,
      formRequest(
        "/dashboard/broadcasts/new",
        { name: "Notice", type: "EMAIL", subject: "Hi", content: "<p>Hi</p>", ignoreFrequencyCaps: "on" },
        user.cookie,
      ),
    );
    expect(created.status).toBe(302);
    const campaign = await getDb()
      .selectFrom("campaigns")
      .select(["id", "ignoreFrequencyCaps"])
      .where("teamId", "=", user.teamId)
      .executeTakeFirstOrThrow();
    expect(campaign.ignoreFrequencyCaps).toBe(true);
    const path = `/dashboard/broadcasts/${campaign.id}/edit`;
    const page = await (await serveDashboard(editPage, getRequest(path, user.cookie), { id: campaign.id })).json();
    expect(page.campaign.ignoreFrequencyCaps).toBe(true);

    const saved = await serveDashboard(
      editAction,
      formRequest(path, { name: "Notice", type: "EMAIL", subject: "Hi", content: "<p>Hi</p>" }, user.cookie),
      { id: campaign.id },
    );
    expect(saved.status).toBe(302);
    const after = await getDb()
      .selectFrom("campaigns")
      .select("ignoreFrequencyCaps")
      .where("id", "=", campaign.id)
      .executeTakeFirstOrThrow();
    expect(after.ignoreFrequencyCaps).toBe(false);
  });
});
