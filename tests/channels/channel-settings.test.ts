import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { saveChannelSettings, readChannelSettings, viewChannelSettings } from "#server/channels/settings.ts";
import { twilioChange, whatsAppChange } from "#server/channels/settings-input.ts";
import { createUser } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

const AUTH_TOKEN = "0123456789abcdef0123456789abcdef";
const twilio = (authToken?: string) =>
  twilioChange({ enabled: true, accountSid: `AC${"1".repeat(32)}`, authToken, fromNumber: "+14155550100" });

async function rawRow(teamId: string, channel: string) {
  return getDb()
    .selectFrom("channelSettings")
    .select(["config", "secretsEncrypted"])
    .where("teamId", "=", teamId)
    .where("channel", "=", channel)
    .executeTakeFirstOrThrow();
}

describe("channel settings", () => {
  test("secrets are encrypted at rest and shown back only as their last 4 characters", async () => {
    const { teamId } = await createUser();
    await saveChannelSettings(getDb(), { teamId, channel: "SMS", ...twilio(AUTH_TOKEN) });

    const raw = await rawRow(teamId, "SMS");
    expect(raw.secretsEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(raw)).not.toContain(AUTH_TOKEN);
    expect(JSON.stringify(raw)).not.toContain(AUTH_TOKEN.slice(-8));

    const view = await viewChannelSettings(getDb(), { access: await ownerAccess(teamId), channel: "SMS" });
    expect(view).toMatchObject({ enabled: true, unreadable: false, secrets: { authToken: "••••cdef" } });
    expect(view.config).toEqual({
      accountSid: `AC${"1".repeat(32)}`,
      fromNumber: "+14155550100",
      messagingServiceSid: null,
    });
    expect((await readChannelSettings(getDb(), { teamId, channel: "SMS" }))?.secrets).toEqual({
      authToken: AUTH_TOKEN,
    });
  });

  test("a blank secret keeps the saved one; a new one replaces it", async () => {
    const { teamId } = await createUser();
    await saveChannelSettings(getDb(), { teamId, channel: "SMS", ...twilio(AUTH_TOKEN) });
    await saveChannelSettings(getDb(), { teamId, channel: "SMS", ...twilio(undefined), enabled: false });
    expect(await readChannelSettings(getDb(), { teamId, channel: "SMS" })).toMatchObject({
      enabled: false,
      secrets: { authToken: AUTH_TOKEN },
    });

    await saveChannelSettings(getDb(), { teamId, channel: "SMS", ...twilio("ffffffffffffffffffffffffffff9999") });
    expect(
      (await viewChannelSettings(getDb(), { access: await ownerAccess(teamId), channel: "SMS" })).secrets.authToken,
    ).toBe("••••9999");
  });

  test("a required secret never saved is refused, naming the field", async () => {
    const { teamId } = await createUser();
    await expect(saveChannelSettings(getDb(), { teamId, channel: "SMS", ...twilio(undefined) })).rejects.toMatchObject({
      code: "INVALID",
      fields: { authToken: ["Auth token is required"] },
    });
    await expect(
      saveChannelSettings(getDb(), {
        teamId,
        channel: "WHATSAPP",
        ...whatsAppChange({ phoneNumberId: "123456", appSecret: "app-secret-value" }),
      }),
    ).rejects.toMatchObject({ fields: { accessToken: ["Access token is required"] } });
    expect(await readChannelSettings(getDb(), { teamId, channel: "SMS" })).toBeNull();
  });

  test("sealed secrets copied into another team's row do not open there", async () => {
    const mine = await createUser();
    const theirs = await createUser();
    await saveChannelSettings(getDb(), { teamId: theirs.teamId, channel: "SMS", ...twilio(AUTH_TOKEN) });
    await saveChannelSettings(getDb(), {
      teamId: mine.teamId,
      channel: "SMS",
      ...twilio("eeeeeeeeeeeeeeeeeeeeeeeeeeee1111"),
    });
    const stolen = await rawRow(theirs.teamId, "SMS");
    await getDb()
      .updateTable("channelSettings")
      .set({ secretsEncrypted: stolen.secretsEncrypted })
      .where("teamId", "=", mine.teamId)
      .execute();

    const view = await viewChannelSettings(getDb(), { access: await ownerAccess(mine.teamId), channel: "SMS" });
    expect(view).toMatchObject({ unreadable: true, secrets: { authToken: null } });
    await expect(readChannelSettings(getDb(), { teamId: mine.teamId, channel: "SMS" })).rejects.toThrow(
      /cannot be decrypted/,
    );
  });

  test("each team sees only its own settings", async () => {
    const mine = await createUser();
    const theirs = await createUser();
    await saveChannelSettings(getDb(), { teamId: theirs.teamId, channel: "SMS", ...twilio(AUTH_TOKEN) });
    expect(
      await viewChannelSettings(getDb(), { access: await ownerAccess(mine.teamId), channel: "SMS" }),
    ).toMatchObject({
      config: null,
      enabled: false,
      secrets: { authToken: null },
    });
  });
});
