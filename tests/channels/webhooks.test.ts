import { createHmac, randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { action as twilioInbound } from "#app/routes/webhooks/twilio-inbound.ts";
import { action as twilioStatus } from "#app/routes/webhooks/twilio-status.ts";
import { action as whatsAppPost, loader as whatsAppGet } from "#app/routes/webhooks/whatsapp.ts";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { twilioChange, whatsAppChange } from "#server/channels/settings-input.ts";
import { saveChannelSettings } from "#server/channels/settings.ts";
import { twilioSignature } from "#server/delivery/webhooks/signatures.ts";
import { createUser } from "../factories.ts";
import { ORIGIN } from "../requests.ts";
import { routeArgs } from "../serve-route.ts";

const AUTH_TOKEN = "5f1d0c9b8a7e6d5c4b3a291807f6e5d4";
const APP_SECRET = "8c1e4a7d2b9f6e3a0c5d8b1e4f7a2c9d";
const VERIFY_TOKEN = "murmur-verify-7d2b9f";

async function teamWithProviders(authToken = AUTH_TOKEN, appSecret = APP_SECRET) {
  const { teamId } = await createUser();
  await saveChannelSettings(getDb(), {
    teamId,
    channel: "SMS",
    ...twilioChange({ enabled: true, accountSid: `AC${"2".repeat(32)}`, authToken, fromNumber: "+14155550100" }),
  });
  await saveChannelSettings(getDb(), {
    teamId,
    channel: "WHATSAPP",
    ...whatsAppChange({
      enabled: true,
      phoneNumberId: "106540352242922",
      accessToken: "EAAG-token-0123456789",
      appSecret,
      verifyToken: VERIFY_TOKEN,
    }),
  });
  return teamId;
}

/** A delivery the provider accepted, as the send pipeline leaves it. */
async function sentDelivery(teamId: string, channel: "SMS" | "WHATSAPP", providerMessageId: string) {
  const db = getDb();
  const contactId = newId();
  await db
    .insertInto("contacts")
    .values({ id: contactId, teamId, email: `${contactId}@example.test`, phone: "+14155550123" })
    .execute();
  const campaignId = newId();
  await db
    .insertInto("campaigns")
    .values({ id: campaignId, teamId, name: "Launch", type: channel, state: "ACTIVE" })
    .execute();
  const row = await db
    .insertInto("deliveries")
    .values({
      teamId,
      campaignId,
      contactId,
      channel,
      address: "+14155550123",
      status: "sent",
      providerMessageId,
      sentAt: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const delivery = (id: string) =>
  getDb()
    .selectFrom("deliveries")
    .select(["status", "error", "deliveredAt", "readAt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

function twilioPost(teamId: string, fields: Record<string, string>, token = AUTH_TOKEN, hook = "status") {
  const path = `/webhooks/twilio/${teamId}/${hook}`;
  const body = new URLSearchParams(fields);
  const signature = twilioSignature(token, ORIGIN + path, [...body.entries()]);
  return new Request(ORIGIN + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body,
  });
}

const statusFields = (sid: string, status: string, extra: Record<string, string> = {}) => ({
  AccountSid: `AC${"2".repeat(32)}`,
  MessageSid: sid,
  SmsSid: sid,
  MessageStatus: status,
  SmsStatus: status,
  To: "+14155550123",
  From: "+14155550100",
  ApiVersion: "2010-04-01",
  ...extra,
});

describe("Twilio status callbacks", () => {
  test("delivered stamps the delivery; undelivered fails it with Twilio's error code", async () => {
    const teamId = await teamWithProviders();
    const okSid = `SM${randomUUID().replaceAll("-", "")}`;
    const badSid = `SM${randomUUID().replaceAll("-", "")}`;
    const ok = await sentDelivery(teamId, "SMS", okSid);
    const bad = await sentDelivery(teamId, "SMS", badSid);

    const first = await twilioStatus(
      routeArgs(twilioPost(teamId, statusFields(okSid, "delivered")), { params: { teamId } }),
    );
    expect(first.status).toBe(204);
    expect((await delivery(ok)).deliveredAt).toBeInstanceOf(Date);

    const second = await twilioStatus(
      routeArgs(twilioPost(teamId, statusFields(badSid, "undelivered", { ErrorCode: "30003" })), {
        params: { teamId },
      }),
    );
    expect(second.status).toBe(204);
    expect(await delivery(bad)).toMatchObject({
      status: "failed",
      error: "Twilio reported the message undelivered (error 30003).",
    });
  });

  test("a tampered or unsigned callback is a 403 and changes nothing", async () => {
    const teamId = await teamWithProviders();
    const sid = `SM${randomUUID().replaceAll("-", "")}`;
    const id = await sentDelivery(teamId, "SMS", sid);
    const signed = twilioPost(teamId, statusFields(sid, "delivered"));
    const tampered = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: new URLSearchParams(statusFields(sid, "failed", { ErrorCode: "30007" })),
    });
    expect((await twilioStatus(routeArgs(tampered, { params: { teamId } }))).status).toBe(403);
    expect(
      (
        await twilioStatus(
          routeArgs(twilioPost(teamId, statusFields(sid, "failed"), "another-token"), { params: { teamId } }),
        )
      ).status,
    ).toBe(403);
    expect(await delivery(id)).toMatchObject({ status: "sent", deliveredAt: null });
  });

  test("another team's URL checks with that team's token: a 403; an unknown or malformed team is a 404", async () => {
    const teamId = await teamWithProviders();
    const otherTeam = await teamWithProviders();
    const request = twilioPost(teamId, statusFields("SM1", "delivered"));
    const misrouted = new Request(request.url.replace(teamId, otherTeam), {
      method: "POST",
      headers: request.headers,
      body: await request.clone().text(),
    });
    expect((await twilioStatus(routeArgs(misrouted, { params: { teamId: otherTeam } }))).status).toBe(403);

    const { teamId: withoutTwilio } = await createUser();
    for (const unknown of [randomUUID(), withoutTwilio, "not-a-team"]) {
      const response = await twilioStatus(
        routeArgs(twilioPost(unknown, statusFields("SM1", "delivered")), { params: { teamId: unknown } }),
      );
      expect(response.status).toBe(404);
    }
  });
});

describe("a team's webhook and another team's messages", () => {
  const TEAM_B_TOKEN = "0a9b8c7d6e5f40312a3b4c5d6e7f8091";
  const TEAM_B_SECRET = "f1e2d3c4b5a69788796a5b4c3d2e1f00";

  test("team B's Twilio callback, correctly signed for team B, carrying team A's message SID changes nothing of team A's", async () => {
    const teamA = await teamWithProviders();
    const teamB = await teamWithProviders(TEAM_B_TOKEN);
    const sid = `SM${randomUUID().replaceAll("-", "")}`;
    const id = await sentDelivery(teamA, "SMS", sid);

    for (const fields of [statusFields(sid, "undelivered", { ErrorCode: "30003" }), statusFields(sid, "delivered")]) {
      const response = await twilioStatus(
        routeArgs(twilioPost(teamB, fields, TEAM_B_TOKEN), { params: { teamId: teamB } }),
      );
      expect(response.status).toBe(204);
    }
    expect(await delivery(id)).toEqual({ status: "sent", error: null, deliveredAt: null, readAt: null });

    // Team A's own callback still applies.
    await twilioStatus(routeArgs(twilioPost(teamA, statusFields(sid, "delivered")), { params: { teamId: teamA } }));
    expect((await delivery(id)).deliveredAt).toBeInstanceOf(Date);
  });

  test("team B's WhatsApp notification, signed with team B's app secret, carrying team A's wamid changes nothing of team A's", async () => {
    const teamA = await teamWithProviders();
    const teamB = await teamWithProviders(AUTH_TOKEN, TEAM_B_SECRET);
    const wamid = `wamid.${randomUUID()}`;
    const id = await sentDelivery(teamA, "WHATSAPP", wamid);
    const statuses = [
      {
        id: wamid,
        status: "failed",
        timestamp: "1767261600",
        recipient_id: "14155550123",
        errors: [{ code: 131026, title: "Message undeliverable" }],
      },
      { id: wamid, status: "read", timestamp: "1767261660", recipient_id: "14155550123" },
    ];
    const response = await whatsAppPost(
      routeArgs(whatsAppPostRequest(teamB, notification(statuses), TEAM_B_SECRET), { params: { teamId: teamB } }),
    );
    expect(response.status).toBe(200);
    expect(await delivery(id)).toEqual({ status: "sent", error: null, deliveredAt: null, readAt: null });
  });
});

const reply = (from: string, body: string) => ({
  AccountSid: `AC${"2".repeat(32)}`,
  MessageSid: `SM${randomUUID().replaceAll("-", "")}`,
  From: from,
  To: "+14155550100",
  Body: body,
  NumMedia: "0",
  ApiVersion: "2010-04-01",
});

const smsStatus = (teamId: string, phone: string) =>
  getDb()
    .selectFrom("contacts")
    .select(["smsStatus", "emailStatus"])
    .where("teamId", "=", teamId)
    .where("phone", "=", phone)
    .executeTakeFirstOrThrow();

describe("Twilio incoming messages", () => {
  test("a STOP reply unsubscribes that phone from SMS only; other replies change nothing", async () => {
    const teamId = await teamWithProviders();
    const otherTeam = await teamWithProviders();
    for (const team of [teamId, otherTeam]) {
      await getDb()
        .insertInto("contacts")
        .values({ id: newId(), teamId: team, email: `${newId()}@example.test`, phone: "+14155550177" })
        .execute();
    }
    await getDb()
      .insertInto("contacts")
      .values({ id: newId(), teamId, email: `${newId()}@example.test`, phone: "+14155550178" })
      .execute();

    const chat = await twilioInbound(
      routeArgs(twilioPost(teamId, reply("+14155550178", "Stop by the shop?"), AUTH_TOKEN, "inbound"), {
        params: { teamId },
      }),
    );
    expect(chat.status).toBe(200);
    expect(await smsStatus(teamId, "+14155550178")).toEqual({ smsStatus: "subscribed", emailStatus: "subscribed" });

    const stop = await twilioInbound(
      routeArgs(twilioPost(teamId, reply("+14155550177", " stop "), AUTH_TOKEN, "inbound"), { params: { teamId } }),
    );
    expect(stop.status).toBe(200);
    expect(stop.headers.get("Content-Type")).toContain("text/xml");
    expect(await smsStatus(teamId, "+14155550177")).toEqual({ smsStatus: "unsubscribed", emailStatus: "subscribed" });
    expect((await smsStatus(otherTeam, "+14155550177")).smsStatus).toBe("subscribed");

    const again = await twilioInbound(
      routeArgs(twilioPost(teamId, reply("+14155550177", "STOP"), AUTH_TOKEN, "inbound"), { params: { teamId } }),
    );
    expect(again.status).toBe(200);
  });

  test("an unsigned or forged STOP is a 403 and unsubscribes nobody", async () => {
    const teamId = await teamWithProviders();
    await getDb()
      .insertInto("contacts")
      .values({ id: newId(), teamId, email: `${newId()}@example.test`, phone: "+14155550179" })
      .execute();
    const forged = await twilioInbound(
      routeArgs(twilioPost(teamId, reply("+14155550179", "STOP"), "another-token", "inbound"), { params: { teamId } }),
    );
    expect(forged.status).toBe(403);
    expect((await smsStatus(teamId, "+14155550179")).smsStatus).toBe("subscribed");
  });
});

function whatsAppPostRequest(teamId: string, payload: unknown, secret = APP_SECRET) {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  return new Request(`${ORIGIN}/webhooks/whatsapp/${teamId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
    body,
  });
}

const notification = (statuses: unknown[]) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "102290129340398",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
            statuses,
          },
        },
      ],
    },
  ],
});

describe("WhatsApp webhooks", () => {
  test("the verify handshake echoes the challenge for the team's verify token only", async () => {
    const teamId = await teamWithProviders();
    const url = (token: string) =>
      `${ORIGIN}/webhooks/whatsapp/${teamId}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;

    const ok = await whatsAppGet(routeArgs(new Request(url(VERIFY_TOKEN)), { params: { teamId } }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");

    const wrong = await whatsAppGet(routeArgs(new Request(url("guess")), { params: { teamId } }));
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("1158201444");

    const unknown = randomUUID();
    expect(
      (
        await whatsAppGet(
          routeArgs(new Request(url(VERIFY_TOKEN).replace(teamId, unknown)), { params: { teamId: unknown } }),
        )
      ).status,
    ).toBe(404);
  });

  test("signed status notifications stamp delivered and read, and fail with Meta's error", async () => {
    const teamId = await teamWithProviders();
    const readId = await sentDelivery(teamId, "WHATSAPP", "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI1");
    const failedId = await sentDelivery(teamId, "WHATSAPP", "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI2");
    const payload = notification([
      {
        id: "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI1",
        status: "sent",
        timestamp: "1767261600",
        recipient_id: "14155550123",
      },
      {
        id: "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI1",
        status: "delivered",
        timestamp: "1767261660",
        recipient_id: "14155550123",
      },
      {
        id: "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI1",
        status: "read",
        timestamp: "1767261720",
        recipient_id: "14155550123",
      },
      {
        id: "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI2",
        status: "failed",
        timestamp: "1767261700",
        recipient_id: "14155550123",
        errors: [
          {
            code: 131026,
            title: "Message undeliverable",
            error_data: { details: "Receiver is incapable of receiving this message" },
          },
        ],
      },
    ]);

    const response = await whatsAppPost(routeArgs(whatsAppPostRequest(teamId, payload), { params: { teamId } }));
    expect(response.status).toBe(200);
    expect(await delivery(readId)).toMatchObject({
      status: "sent",
      deliveredAt: new Date(1767261660_000),
      readAt: new Date(1767261720_000),
    });
    expect(await delivery(failedId)).toMatchObject({
      status: "failed",
      error: "WhatsApp error 131026: Message undeliverable (Receiver is incapable of receiving this message)",
    });
  });

  test("a bad signature is a 403 and changes nothing; an unknown team is a 404", async () => {
    const teamId = await teamWithProviders();
    const id = await sentDelivery(teamId, "WHATSAPP", "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI3");
    const payload = notification([
      { id: "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI3", status: "delivered", timestamp: "1767261660" },
    ]);

    const forged = await whatsAppPost(
      routeArgs(whatsAppPostRequest(teamId, payload, "not-the-app-secret"), { params: { teamId } }),
    );
    expect(forged.status).toBe(403);
    const signed = whatsAppPostRequest(teamId, payload);
    const tampered = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: JSON.stringify(payload).replace("delivered", "read"),
    });
    expect((await whatsAppPost(routeArgs(tampered, { params: { teamId } }))).status).toBe(403);
    expect((await delivery(id)).deliveredAt).toBeNull();

    const otherTeam = await teamWithProviders();
    const theirs = await sentDelivery(otherTeam, "WHATSAPP", "wamid.other");
    const unknown = randomUUID();
    expect(
      (await whatsAppPost(routeArgs(whatsAppPostRequest(unknown, payload), { params: { teamId: unknown } }))).status,
    ).toBe(404);
    expect((await delivery(theirs)).deliveredAt).toBeNull();
  });
});
