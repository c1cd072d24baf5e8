import { describe, expect, test } from "vitest";
import { action as frequencyAction, loader as frequencyPage } from "#app/routes/dashboard/settings-frequency.tsx";
import * as frequencyRoute from "#app/routes/dashboard/settings-frequency.tsx";
import { getDb } from "#db/database.ts";
import { getFrequencySettings } from "#server/frequency/settings.ts";
import { signedIn, teamWithRoles } from "../factories.ts";
import { flashOf, formRequest, getRequest } from "../requests.ts";
import { renderPage } from "../render-route.ts";
import { serveDashboard } from "../serve-route.ts";

const PAGE = "/dashboard/settings/frequency";

const save = (cookie: HeadersInit, fields: Record<string, string>) =>
  serveDashboard(frequencyAction, formRequest(PAGE, fields, cookie));
const page = async (cookie: HeadersInit) => (await serveDashboard(frequencyPage, getRequest(PAGE, cookie))).json();

/** What the form posts with nothing typed: the selects' values and the hidden channel of each quiet-hours row. */
const EMPTY_FORM = {
  "rules[0].channel": "EMAIL",
  "rules[0].limit": "",
  "rules[0].window": "",
  "rules[0].unit": "days",
  "rules[1].channel": "EMAIL",
  "rules[1].limit": "",
  "rules[1].window": "",
  "rules[1].unit": "days",
  "quietHours[0].channel": "EMAIL",
  "quietHours[0].from": "",
  "quietHours[0].to": "",
  "quietHours[1].channel": "SMS",
  "quietHours[1].from": "",
  "quietHours[1].to": "",
  "quietHours[2].channel": "WHATSAPP",
  "quietHours[2].from": "",
  "quietHours[2].to": "",
  timeZoneAttribute: "",
  overCap: "wait",
};

describe("the frequency caps and quiet hours page", () => {
  test("a new team has none; a plain form post saves rules, quiet hours and the zone attribute, with a toast and an audit entry", async () => {
    const user = await signedIn();
    const before = await page(user.cookie);
    expect(before.defaults).toEqual({
      rules: [
        { channel: "EMAIL", limit: "", window: "", unit: "days" },
        { channel: "EMAIL", limit: "", window: "", unit: "days" },
      ],
      quietHours: [
        { channel: "EMAIL", from: "", to: "" },
        { channel: "SMS", from: "", to: "" },
        { channel: "WHATSAPP", from: "", to: "" },
      ],
      timeZoneAttribute: "",
      overCap: "wait",
    });

    const response = await save(user.cookie, {
      ...EMPTY_FORM,
      "rules[0].limit": "1",
      "rules[0].window": "1",
      "rules[1].limit": "3",
      "rules[1].window": "7",
      "quietHours[1].from": "21:00",
      "quietHours[1].to": "09:00",
      timeZoneAttribute: " timezone ",
      overCap: "skip",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Success", description: "Frequency caps and quiet hours saved" },
    ]);
    expect(await getFrequencySettings(getDb(), { teamId: user.teamId })).toEqual({
      rules: [
        { channel: "EMAIL", limit: 1, window: 1, unit: "days" },
        { channel: "EMAIL", limit: 3, window: 7, unit: "days" },
      ],
      quietHours: [{ channel: "SMS", from: "21:00", to: "09:00" }],
      timeZoneAttribute: "timezone",
      overCap: "skip",
    });
    // The saved rules come back with room for two more.
    const after = await page(user.cookie);
    expect(after.defaults.rules).toHaveLength(4);
    expect(after.defaults.rules[1]).toEqual({ channel: "EMAIL", limit: "3", window: "7", unit: "days" });
    expect(after.defaults.quietHours[1]).toEqual({ channel: "SMS", from: "21:00", to: "09:00" });

    const audit = await getDb()
      .selectFrom("auditLog")
      .select(["action", "targetKind"])
      .where("teamId", "=", user.teamId)
      .where("action", "=", "frequency-settings.saved")
      .execute();
    expect(audit).toEqual([{ action: "frequency-settings.saved", targetKind: "team" }]);

    // Emptying every row removes them.
    expect((await save(user.cookie, EMPTY_FORM)).status).toBe(302);
    expect(await getFrequencySettings(getDb(), { teamId: user.teamId })).toMatchObject({ rules: [], quietHours: [] });
  });

  test("the page renders the saved rules and quiet hours; a Viewer sees it with the reason it cannot change it", async () => {
    const user = await signedIn();
    await save(user.cookie, {
      ...EMPTY_FORM,
      "rules[0].limit": "3",
      "rules[0].window": "7",
      "quietHours[1].from": "21:00",
      "quietHours[1].to": "09:00",
    });
    const load = async () => page(user.cookie);
    const owner = await renderPage(PAGE, frequencyRoute as never, load);
    expect(owner.status).toBe(200);
    expect(owner.text).toContain("Frequency caps and quiet hours");
    expect(owner.html).toMatch(/name="rules\[0\]\.limit"[^>]*value="3"|value="3"[^>]*name="rules\[0\]\.limit"/);
    expect(owner.html).toMatch(
      /name="quietHours\[1\]\.from"[^>]*value="21:00"|value="21:00"[^>]*name="quietHours\[1\]\.from"/,
    );
    expect(owner.text).toContain("SMS: quiet from");
    expect(owner.text).not.toContain("cannot change frequency caps");
    const viewer = await renderPage(PAGE, frequencyRoute as never, load, "viewer");
    expect(viewer.text).toContain("A Viewer cannot change frequency caps and quiet hours.");
  });

  test("each mistake is explained on its row's field and nothing is saved", async () => {
    const user = await signedIn();
    const response = await save(user.cookie, {
      ...EMPTY_FORM,
      "rules[0].limit": "0",
      "rules[0].window": "1",
      "rules[1].limit": "2",
      "rules[1].window": "91",
      "rules[2].channel": "SMS",
      "rules[2].limit": "1",
      "rules[2].window": "",
      "rules[2].unit": "days",
      "quietHours[0].from": "21:00",
      "quietHours[0].to": "21:00",
      "quietHours[1].from": "25:00",
      "quietHours[1].to": "09:00",
      "quietHours[2].from": "22:00",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toEqual({
      "rules[0].limit": ["The number of messages must be at least 1"],
      "rules[1].window": ["The window can be at most 90 days"],
      "rules[2].window": ["Enter the window's length"],
      "quietHours[0].to": ["Quiet hours must end at another time than they start"],
      "quietHours[1].from": ["Use HH:MM, from 00:00 to 23:59"],
      "quietHours[2].to": ["Enter the time quiet hours end"],
    });
    expect(body.result.initialValue).toMatchObject({ rules: expect.arrayContaining([expect.anything()]) });
    expect(await getFrequencySettings(getDb(), { teamId: user.teamId })).toMatchObject({ rules: [], quietHours: [] });

    const twice = await save(user.cookie, {
      ...EMPTY_FORM,
      "rules[0].limit": "1",
      "rules[0].window": "24",
      "rules[0].unit": "hours",
      "rules[1].limit": "2",
      "rules[1].window": "1",
    });
    expect(twice.status).toBe(400);
    expect((await twice.json()).result.error).toEqual({
      "rules[1].window": ["Another rule already caps this channel over the same window"],
    });
  });

  test("Owners and Admins change them; a Marketer or a Viewer reads the page and gets a 403 with the reason on saving", async () => {
    const { teamId, members } = await teamWithRoles();
    const form = { ...EMPTY_FORM, "rules[0].limit": "1", "rules[0].window": "1" };
    for (const role of ["marketer", "viewer"] as const) {
      expect((await serveDashboard(frequencyPage, getRequest(PAGE, members[role].cookie))).status).toBe(200);
      const refused = await save(members[role].cookie, form);
      expect(refused.status).toBe(403);
      const label = role === "viewer" ? "A Viewer" : "A Marketer";
      expect(await refused.json()).toBe(`${label} cannot change frequency caps and quiet hours.`);
    }
    expect(await getFrequencySettings(getDb(), { teamId })).toMatchObject({ rules: [] });
    expect((await save(members.admin.cookie, form)).status).toBe(302);
    expect(await getFrequencySettings(getDb(), { teamId })).toMatchObject({ rules: [{ limit: 1 }] });
  });

  test("a team's settings change only that team", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await save(user.cookie, { ...EMPTY_FORM, "rules[0].limit": "1", "rules[0].window": "1" });
    expect((await page(other.cookie)).defaults.rules).toEqual([
      { channel: "EMAIL", limit: "", window: "", unit: "days" },
      { channel: "EMAIL", limit: "", window: "", unit: "days" },
    ]);
    expect(await getFrequencySettings(getDb(), { teamId: other.teamId })).toMatchObject({ rules: [] });
  });
});
