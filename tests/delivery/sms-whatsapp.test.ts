import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { PgBoss } from "pg-boss";
import { loader as campaignPage } from "#app/routes/dashboard/broadcast.tsx";
import { action as twilioStatus } from "#app/routes/webhooks/twilio-status.ts";
import { action as whatsAppWebhook } from "#app/routes/webhooks/whatsapp.ts";
import { getDb } from "#db/database.ts";
import { twilioChange, whatsAppChange } from "#server/channels/settings-input.ts";
import { saveChannelSettings } from "#server/channels/settings.ts";
import { twilioSignature } from "#server/delivery/webhooks/signatures.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { retryDelayMs } from "#server/delivery/settings.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { startTwilioFake, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, twilioErrorBody } from "../fakes/twilio.ts";
import { startWhatsAppFake, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID } from "../fakes/whatsapp.ts";
import { getRequest, ORIGIN } from "../requests.ts";
import { addContacts, chunkWorker, draftCampaign, startBoss, testSettings } from "./fixtures.ts";
import { routeArgs, serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

const APP_SECRET = "3b8e1f6a9c2d5e8b1a4f7c0d3e6b9a2c";

let boss: PgBoss;
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let meta: Awaited<ReturnType<typeof startWhatsAppFake>>;
beforeAll(async () => {
  boss = await startBoss();
  await boss.createQueue(SEND_CHUNK_QUEUE);
  await boss.createQueue("campaign-start");
  twilio = await startTwilioFake();
  meta = await startWhatsAppFake();
  vi.stubEnv("TWILIO_BASE_URL", twilio.url);
  vi.stubEnv("WHATSAPP_BASE_URL", meta.url);
});
afterAll(async () => {
  await twilio.close();
  await meta.close();
  await boss.stop({ graceful: false });
  vi.unstubAllEnvs();
});

async function withProviders() {
  const user = await signedIn();
  await saveChannelSettings(getDb(), {
    teamId: user.teamId,
    channel: "SMS",
    ...twilioChange({
      enabled: true,
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      fromNumber: "+14155550100",
    }),
  });
  await saveChannelSettings(getDb(), {
    teamId: user.teamId,
    channel: "WHATSAPP",
    ...whatsAppChange({
      enabled: true,
      phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
      accessToken: WHATSAPP_ACCESS_TOKEN,
      appSecret: APP_SECRET,
    }),
  });
  return user;
}

/** Start → resolve → every chunk through the team's real provider sender. */
async function runCampaign(teamId: string, campaignId: string) {
  await sendCampaignNow(getDb(), { access: await ownerAccess(teamId), campaignId });
  await startCampaign(getDb(), boss, campaignId);
  const jobs = await boss.findJobs<{ campaignId: string; chunk: { from: string; to: string | null } }>(
    SEND_CHUNK_QUEUE,
    { data: { campaignId } },
  );
  const results = [];
  for (const job of jobs) results.push(await sendChunk(chunkWorker(), job.data));
  return results;
}

const providerIds = async (campaignId: string) => {
  const rows = await getDb()
    .selectFrom("deliveries")
    .select(["address", "providerMessageId"])
    .where("campaignId", "=", campaignId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.address, row.providerMessageId!]));
};

const pageOf = async (user: { cookie: HeadersInit }, campaignId: string) =>
  (
    await serveDashboard(campaignPage, getRequest(`/dashboard/broadcasts/${campaignId}`, user.cookie), {
      id: campaignId,
    })
  ).json();

const statusByAddress = (page: { recipients: { rows: { address: string; status: string; error: string | null }[] } }) =>
  Object.fromEntries(page.recipients.rows.map((row) => [row.address, { status: row.status, error: row.error }]));

function twilioCallback(teamId: string, fields: Record<string, string>) {
  const path = `/webhooks/twilio/${teamId}/status`;
  const body = new URLSearchParams(fields);
  const signature = twilioSignature(TWILIO_AUTH_TOKEN, ORIGIN + path, [...body.entries()]);
  const request = new Request(ORIGIN + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body,
  });
  return twilioStatus(routeArgs(request, { params: { teamId } }));
}

function whatsAppNotification(teamId: string, statuses: unknown[]) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { phone_number_id: WHATSAPP_PHONE_NUMBER_ID }, statuses },
          },
        ],
      },
    ],
  });
  const request = new Request(`${ORIGIN}/webhooks/whatsapp/${teamId}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Hub-Signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
    },
    body,
  });
  return whatsAppWebhook(routeArgs(request, { params: { teamId } }));
}

describe("SMS and WhatsApp campaigns through the engine and their providers' webhooks", () => {
  test("SMS: each recipient gets a personalised message from Twilio; status callbacks mark it delivered, or bounced with the reason, on the campaign page", async () => {
    const user = await withProviders();
    await addContacts(user.teamId, [
      { name: "Ada", phone: "+447700900111" },
      { name: "Grace", phone: "+447700900222" },
    ]);
    const campaign = await draftCampaign(user.teamId, {
      type: "SMS",
      content: "Hi {{ contact.name }}, spring sale today.",
    });
    expect(await runCampaign(user.teamId, campaign.id)).toEqual([{ retryAt: null }]);

    const sent = twilio.requests
      .map((r) => new URLSearchParams(r.body))
      .filter((form) => form.get("Body")?.includes("spring sale"));
    expect(sent.map((form) => [form.get("To"), form.get("From"), form.get("Body")]).sort()).toEqual([
      ["+447700900111", "+14155550100", "Hi Ada, spring sale today."],
      ["+447700900222", "+14155550100", "Hi Grace, spring sale today."],
    ]);
    expect(statusByAddress(await pageOf(user, campaign.id))).toEqual({
      "+447700900111": { status: "sent", error: null },
      "+447700900222": { status: "sent", error: null },
    });

    const sids = await providerIds(campaign.id);
    const callback = (sid: string, status: string, extra: Record<string, string> = {}) =>
      twilioCallback(user.teamId, {
        AccountSid: TWILIO_ACCOUNT_SID,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ApiVersion: "2010-04-01",
        ...extra,
      });
    expect((await callback(sids["+447700900111"]!, "delivered")).status).toBe(204);
    expect((await callback(sids["+447700900222"]!, "undelivered", { ErrorCode: "30005" })).status).toBe(204);

    const page = await pageOf(user, campaign.id);
    expect(page.campaign.state).toBe("SENT");
    expect(statusByAddress(page)).toEqual({
      "+447700900111": { status: "delivered", error: null },
      "+447700900222": { status: "bounced", error: "Twilio reported the message undelivered (error 30005)." },
    });
    expect(page.analytics).toMatchObject({ sent: 2, delivered: 1, bounced: 1, failed: 0 });
  });

  test("WhatsApp: a personalised template message; signed status notifications mark it delivered and read", async () => {
    const user = await withProviders();
    await addContacts(user.teamId, [
      { name: "Ada", phone: "+447700900333" },
      { name: "Grace", phone: "+447700900444" },
    ]);
    const campaign = await draftCampaign(user.teamId, {
      type: "WHATSAPP",
      whatsapp: { template: "spring_sale", language: "en_GB", parameters: ["{{ contact.name }}"] },
    });
    expect(await runCampaign(user.teamId, campaign.id)).toEqual([{ retryAt: null }]);

    const sent = meta.requests.map((r) => JSON.parse(r.body)).filter((body) => body.template?.name === "spring_sale");
    expect(
      sent.map((body) => [body.to, body.template.language.code, body.template.components[0].parameters[0].text]).sort(),
    ).toEqual([
      ["447700900333", "en_GB", "Ada"],
      ["447700900444", "en_GB", "Grace"],
    ]);

    const ids = await providerIds(campaign.id);
    const at = String(Math.floor(Date.now() / 1000));
    const response = await whatsAppNotification(user.teamId, [
      { id: ids["+447700900333"], status: "sent", timestamp: at, recipient_id: "447700900333" },
      { id: ids["+447700900333"], status: "delivered", timestamp: at, recipient_id: "447700900333" },
      { id: ids["+447700900444"], status: "delivered", timestamp: at, recipient_id: "447700900444" },
      { id: ids["+447700900444"], status: "read", timestamp: at, recipient_id: "447700900444" },
    ]);
    expect(response.status).toBe(200);

    const page = await pageOf(user, campaign.id);
    expect(statusByAddress(page)).toEqual({
      "+447700900333": { status: "delivered", error: null },
      "+447700900444": { status: "read", error: null },
    });
    expect(page.analytics).toMatchObject({ sent: 2, delivered: 2 });
  });

  test("a Twilio 429 waits as long as its Retry-After asks, even when the backoff would retry sooner", async () => {
    expect(retryDelayMs(testSettings(), 1, 120_000)).toBe(120_000);
    expect(
      retryDelayMs(testSettings({ retryBaseSeconds: 30, maxRetryDelaySeconds: 1800 }), 1, 7_000),
    ).toBeGreaterThanOrEqual(24_000);

    const user = await withProviders();
    await addContacts(user.teamId, [{ phone: "+447700900555" }]);
    const campaign = await draftCampaign(user.teamId, { type: "SMS", content: "Spring sale today." });
    twilio.queue({
      status: 429,
      headers: { "Retry-After": "120" },
      body: twilioErrorBody(429, 20429, "Too Many Requests"),
    });
    const before = Date.now();
    const [result] = await runCampaign(user.teamId, campaign.id);
    const after = Date.now();

    const row = await getDb()
      .selectFrom("deliveries")
      .select(["status", "error", "nextAttemptAt"])
      .where("campaignId", "=", campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "queued", error: "Twilio error 20429: Too Many Requests" });
    // Exactly the 120 s asked for, counted from the answer (which came between before and after).
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(after + 120_000);
    expect(result!.retryAt).toEqual(row.nextAttemptAt);
  });
});
