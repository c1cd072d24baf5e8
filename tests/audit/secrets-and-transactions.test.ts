import { describe, expect, test } from "vitest";
import { loader as auditLogApi } from "#app/routes/api/audit-log.ts";
import { loader as auditLogPage } from "#app/routes/dashboard/settings-audit-log.tsx";
import { loader as auditLogCsv } from "#app/routes/dashboard/settings-audit-log-csv.ts";
import { getDb } from "#db/database.ts";
import { channelChangeDetails } from "#server/audit/channel-change.ts";
import { recordAudit } from "#server/audit/record.ts";
import { twilioChange } from "#server/channels/settings-input.ts";
import { saveChannelSettings, viewChannelSettings } from "#server/channels/settings.ts";
import { getTeamSettings } from "#server/teams/settings.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { personAccess } from "./team-people.ts";

const FIRST_TOKEN = "0123456789abcdef0123456789abcdef";
const NEW_TOKEN = "fedcba9876543210fedcba9876543210";
const twilio = (authToken: string | undefined, fromNumber: string) =>
  twilioChange({ enabled: true, accountSid: `AC${"1".repeat(32)}`, authToken, fromNumber });

/** Everything a reader of the log can get: the API's JSON, the page's data and the CSV, as text. */
async function everythingReadable(owner: { token: string; cookie: HeadersInit }): Promise<string> {
  const path = "/dashboard/settings/audit-log";
  const api = await respond(() => auditLogApi(routeArgs(getRequest("/api/audit-log", bearer(owner.token)))));
  const page = await serveDashboard(auditLogPage, getRequest(path, owner.cookie));
  const csv = await serveDashboard(auditLogCsv, getRequest(`${path}/export.csv`, owner.cookie));
  return [await api.text(), await page.text(), await csv.text()].join("\n");
}

describe("secrets never reach the audit log", () => {
  test("a channel save records which fields changed, the secret by name only, never its value", async () => {
    const owner = await signedIn();
    const access = personAccess(owner);
    const db = getDb();
    await saveChannelSettings(db, { teamId: owner.teamId, channel: "SMS", ...twilio(FIRST_TOKEN, "+14155550100") });

    // What Settings → Channels saves, recorded as the save's own audit entry.
    const saved = await viewChannelSettings(db, { access, channel: "SMS" });
    const change = { channel: "SMS" as const, ...twilio(NEW_TOKEN, "+14155550199") };
    await saveChannelSettings(db, { teamId: owner.teamId, ...change });
    await recordAudit(db, {
      access,
      action: "channel-settings.saved",
      target: { kind: "channel", id: "SMS", label: "SMS" },
      details: channelChangeDetails(saved, change),
    });

    const response = await respond(() => auditLogApi(routeArgs(getRequest("/api/audit-log", bearer(owner.token)))));
    expect((await response.json()).data[0].details).toEqual({
      channel: "SMS",
      changedFields: ["fromNumber", "authToken"],
    });
    const readable = await everythingReadable(owner);
    for (const secret of [FIRST_TOKEN, NEW_TOKEN, FIRST_TOKEN.slice(-8), NEW_TOKEN.slice(-8)]) {
      expect(readable).not.toContain(secret);
    }
  });

  test("details a caller passes carelessly lose every value kept under a secret's name, at any depth", async () => {
    const owner = await signedIn();

    await recordAudit(getDb(), {
      access: personAccess(owner),
      action: "channel-settings.saved",
      target: { kind: "channel", id: "EMAIL", label: "Email" },
      details: {
        host: "smtp.example.com",
        password: "hunter2-smtp-password",
        nested: { authToken: "tok-live-123456", apiKey: "key-live-abcdef", fine: "kept" },
        list: [{ clientSecret: "sec-in-a-list" }],
        Authorization: "Bearer abc.def.ghi",
        key: "mwk_the-write-key-itself",
        keyId: "01a20000-0000-7000-8000-00000000000c",
      },
    });

    const response = await respond(() => auditLogApi(routeArgs(getRequest("/api/audit-log", bearer(owner.token)))));
    expect((await response.json()).data[0].details).toEqual({
      host: "smtp.example.com",
      nested: { fine: "kept" },
      list: [{}],
      keyId: "01a20000-0000-7000-8000-00000000000c",
    });
    const readable = await everythingReadable(owner);
    for (const secret of [
      "hunter2-smtp-password",
      "tok-live-123456",
      "key-live-abcdef",
      "sec-in-a-list",
      "abc.def.ghi",
    ]) {
      expect(readable).not.toContain(secret);
    }
  });
});

describe("an entry and its change stand or fall together", () => {
  test("a change that rolls back leaves no entry; one that commits leaves one", async () => {
    const owner = await signedIn();
    const access = personAccess(owner);
    const readLog = async () => {
      const response = await respond(() => auditLogApi(routeArgs(getRequest("/api/audit-log", bearer(owner.token)))));
      return (await response.json()).data;
    };
    const saveAddress = (postalAddress: string, fail: boolean) =>
      getDb()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("teams").set({ postalAddress }).where("id", "=", owner.teamId).execute();
          await recordAudit(trx, {
            access,
            action: "team-settings.saved",
            target: { kind: "team", id: owner.teamId, label: postalAddress },
          });
          if (fail) throw new Error("the save failed after the entry was written");
        });

    await expect(saveAddress("1 Rolled Back Road", true)).rejects.toThrow("the save failed");
    expect((await getTeamSettings(getDb(), { teamId: owner.teamId })).postalAddress).toBeNull();
    expect(await readLog()).toEqual([]);

    await saveAddress("2 Committed Street", false);
    expect(await readLog()).toEqual([
      expect.objectContaining({
        action: "team-settings.saved",
        target: expect.objectContaining({ label: "2 Committed Street" }),
      }),
    ]);
  });
});
