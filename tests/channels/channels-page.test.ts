import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { action as channelsAction, loader as channelsPage } from "#app/routes/dashboard/settings-channels.tsx";
import { getDb } from "#db/database.ts";
import { startSmtpSink } from "../fakes/smtp-sink.ts";
import { startTwilioFake, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } from "../fakes/twilio.ts";
import { startWhatsAppFake, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID } from "../fakes/whatsapp.ts";
import { flashOf, formRequest, getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

const PAGE = "/dashboard/settings/channels";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let whatsapp: Awaited<ReturnType<typeof startWhatsAppFake>>;

beforeAll(async () => {
  sink = await startSmtpSink({ credentials: { user: "mailer", pass: "smtp-password-4242" } });
  twilio = await startTwilioFake();
  whatsapp = await startWhatsAppFake();
  // The operator's settings: provider APIs at the local fakes, and the SMTP sink on loopback allowed.
  vi.stubEnv("TWILIO_BASE_URL", twilio.url);
  vi.stubEnv("WHATSAPP_BASE_URL", whatsapp.url);
  vi.stubEnv("ALLOW_PRIVATE_SMTP", "1");
});
afterAll(async () => {
  await sink.close();
  await twilio.close();
  await whatsapp.close();
  vi.unstubAllEnvs();
});

const post = (cookie: HeadersInit, fields: Record<string, string>) =>
  serveDashboard(channelsAction, formRequest(PAGE, fields, cookie));
const page = async (cookie: HeadersInit) => (await serveDashboard(channelsPage, getRequest(PAGE, cookie))).json();
const provider = (body: { providers: { channel: string }[] }, channel: string) =>
  body.providers.find((p) => p.channel === channel) as Record<string, unknown>;

const smtpFields = () => ({
  intent: "save",
  channel: "EMAIL",
  host: sink.host,
  port: String(sink.port),
  security: "none",
  username: "mailer",
  password: "smtp-password-4242",
  fromName: "Acme News",
  fromAddress: "news@acme.test",
  enabled: "on",
});

describe("Settings → Channels", () => {
  test("a new team sends through the outbox; saved SMTP settings are encrypted at rest and shown masked; a blank password keeps it", async () => {
    const user = await signedIn();
    const before = await page(user.cookie);
    expect(before.providers.map((p: { enabled: boolean }) => p.enabled)).toEqual([false, false, false]);

    const saved = await post(user.cookie, smtpFields());
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toEqual([
      { type: "success", title: "Success", description: "Email (SMTP) settings saved" },
    ]);

    const row = await getDb()
      .selectFrom("channelSettings")
      .select(["secretsEncrypted"])
      .where("teamId", "=", user.teamId)
      .executeTakeFirstOrThrow();
    expect(row.secretsEncrypted).toBeTruthy();
    expect(row.secretsEncrypted).not.toContain("smtp-password-4242");

    const after = await page(user.cookie);
    expect(provider(after, "EMAIL")).toMatchObject({
      enabled: true,
      masked: { password: "••••4242" },
      defaults: { host: sink.host, fromAddress: "news@acme.test" },
    });
    expect(JSON.stringify(after)).not.toContain("smtp-password-4242");

    // Saving again with the password left blank keeps it: the test message still authenticates.
    expect((await post(user.cookie, { ...smtpFields(), password: "", fromName: "Acme" })).status).toBe(302);
    const test = await post(user.cookie, { intent: "test", channel: "EMAIL", to: "reader@example.test" });
    expect(test.status).toBe(200);
    expect((await test.json()).report).toEqual({ ok: true, message: "Test message sent to reader@example.test." });
    const mail = sink.received.find((m) => m.to.includes("reader@example.test"));
    expect(mail?.username).toBe("mailer");
    expect(mail?.mail.subject).toBe("Murmur test message");
    expect(mail?.mail.from?.text).toContain("Acme");

    const other = await signedIn();
    expect(provider(await page(other.cookie), "EMAIL")).toMatchObject({ enabled: false, saved: false });
  });

  test("bad fields are explained on each field, secrets are not echoed back, nothing is saved", async () => {
    const user = await signedIn();
    const response = await post(user.cookie, { ...smtpFields(), port: "99999", fromAddress: "not-an-address" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toMatchObject({
      port: ["Port must be a number from 1 to 65535"],
      fromAddress: ["Enter a valid email address"],
    });
    expect(JSON.stringify(body)).not.toContain("smtp-password-4242");
    expect(body.result.initialValue).toMatchObject({ host: sink.host });

    const twilioMissingToken = await post(user.cookie, {
      intent: "save",
      channel: "SMS",
      accountSid: TWILIO_ACCOUNT_SID,
      fromNumber: "+14155550100",
    });
    expect(twilioMissingToken.status).toBe(400);
    expect((await twilioMissingToken.json()).result.error).toMatchObject({ authToken: ["Auth token is required"] });
    expect(
      await getDb().selectFrom("channelSettings").select("channel").where("teamId", "=", user.teamId).execute(),
    ).toEqual([]);
  });

  test("no refused save of any channel echoes a typed secret, whether a field or the domain refused it", async () => {
    const user = await signedIn();
    const secrets = {
      password: "typed-smtp-password-1111",
      authToken: "typed-twilio-token-2222",
      accessToken: "typed-whatsapp-token-3333",
      appSecret: "typed-app-secret-4444",
      verifyToken: "typed-verify-token-5555",
    };
    const refused: Record<string, string>[] = [
      // A field the schema refuses, beside the secrets.
      { ...smtpFields(), password: secrets.password, port: "0" },
      {
        intent: "save",
        channel: "SMS",
        accountSid: "not-a-sid",
        authToken: secrets.authToken,
        fromNumber: "+14155550100",
      },
      {
        intent: "save",
        channel: "WHATSAPP",
        phoneNumberId: "abc",
        accessToken: secrets.accessToken,
        appSecret: secrets.appSecret,
        verifyToken: secrets.verifyToken,
      },
      // Valid fields, refused by the save itself: WhatsApp cannot send without an access token.
      {
        intent: "save",
        channel: "WHATSAPP",
        phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
        appSecret: secrets.appSecret,
        verifyToken: secrets.verifyToken,
      },
    ];
    for (const fields of refused) {
      const response = await post(user.cookie, fields);
      expect(response.status, fields.channel).toBe(400);
      const text = await response.text();
      for (const secret of Object.values(secrets)) expect(text, fields.channel).not.toContain(secret);
    }
    const lastBody = await (await post(user.cookie, refused.at(-1)!)).json();
    expect(lastBody.result.error).toMatchObject({ accessToken: ["Access token is required"] });
    expect(
      await getDb().selectFrom("channelSettings").select("channel").where("teamId", "=", user.teamId).execute(),
    ).toEqual([]);
  });

  test("an unknown channel is a 404 and saves nothing", async () => {
    const user = await signedIn();
    const response = await post(user.cookie, { ...smtpFields(), channel: "PIGEON" });
    expect(response.status).toBe(404);
    expect(await response.json()).toBe("Not found");
    expect(
      await getDb().selectFrom("channelSettings").select("channel").where("teamId", "=", user.teamId).execute(),
    ).toEqual([]);
  });

  test("test messages reach the Twilio and WhatsApp fakes; the provider's refusal is reported", async () => {
    const user = await signedIn();
    const twilioSaved = await post(user.cookie, {
      intent: "save",
      channel: "SMS",
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      fromNumber: "+14155550100",
    });
    expect(twilioSaved.status).toBe(302);
    expect(provider(await page(user.cookie), "SMS")).toMatchObject({
      enabled: false,
      masked: { authToken: "••••1e0f" },
    });

    const sms = await post(user.cookie, { intent: "test", channel: "SMS", to: "+14155550123" });
    expect((await sms.json()).report).toEqual({ ok: true, message: "Test message sent to +14155550123." });
    expect(new URLSearchParams(twilio.requests.at(-1)!.body).get("To")).toBe("+14155550123");

    const badNumber = await post(user.cookie, { intent: "test", channel: "SMS", to: "0123" });
    expect(badNumber.status).toBe(400);
    expect((await badNumber.json()).result.error).toEqual({
      to: ["Enter the number in international format, such as +14155550123"],
    });

    await post(user.cookie, {
      intent: "save",
      channel: "WHATSAPP",
      phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
      accessToken: WHATSAPP_ACCESS_TOKEN,
      appSecret: "app-secret-0123456789",
      verifyToken: "verify-me-please",
      enabled: "on",
    });
    const wa = await post(user.cookie, {
      intent: "test",
      channel: "WHATSAPP",
      to: "+14155550123",
      template: "hello_world",
      language: "en_US",
    });
    expect((await wa.json()).report).toEqual({ ok: true, message: "Test message sent to +14155550123." });
    expect(JSON.parse(whatsapp.requests.at(-1)!.body)).toMatchObject({
      to: "14155550123",
      template: { name: "hello_world" },
    });

    const missing = await post(user.cookie, {
      intent: "test",
      channel: "WHATSAPP",
      to: "+14155550123",
      template: "missing_template",
      language: "en_US",
    });
    expect(missing.status).toBe(502);
    expect((await missing.json()).report.message).toMatch(/^The provider refused the test message: .*132001/);
  });

  test("a team cannot choose where the provider API is: an address sent with the form is refused with a message, nothing is saved", async () => {
    const user = await signedIn();
    const twilioFields = {
      intent: "save",
      channel: "SMS",
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      fromNumber: "+14155550100",
    };
    const sms = await post(user.cookie, { ...twilioFields, apiBaseUrl: "http://169.254.169.254/latest" });
    expect(sms.status).toBe(400);
    expect((await sms.json()).result.error).toEqual({
      "": ["The provider's API address is set by the server's operator (TWILIO_BASE_URL), not per team."],
    });

    const whatsApp = await post(user.cookie, {
      intent: "save",
      channel: "WHATSAPP",
      phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
      accessToken: WHATSAPP_ACCESS_TOKEN,
      apiBaseUrl: "http://10.0.0.5",
    });
    expect(whatsApp.status).toBe(400);
    expect((await whatsApp.json()).result.error).toEqual({
      "": ["The provider's API address is set by the server's operator (WHATSAPP_BASE_URL), not per team."],
    });
    expect(
      await getDb().selectFrom("channelSettings").select("channel").where("teamId", "=", user.teamId).execute(),
    ).toEqual([]);

    // The page offers no such field; saved settings send to the operator's address (here the fake).
    const body = await page(user.cookie);
    expect(JSON.stringify(body)).not.toContain("apiBaseUrl");
    expect((await post(user.cookie, twilioFields)).status).toBe(302);
    const before = twilio.requests.length;
    expect(
      (await (await post(user.cookie, { intent: "test", channel: "SMS", to: "+14155550123" })).json()).report.ok,
    ).toBe(true);
    expect(twilio.requests.length).toBe(before + 1);
  });

  test("a test message before any settings are saved says to save them first", async () => {
    const user = await signedIn();
    const response = await post(user.cookie, { intent: "test", channel: "SMS", to: "+14155550123" });
    expect(response.status).toBe(400);
    expect((await response.json()).result.error).toEqual({ "": ["Save the settings before sending a test message."] });
  });
});
