import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTwilioSender } from "#server/channels/twilio-sender.ts";
import { startTwilioFake, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, twilioErrorBody } from "../fakes/twilio.ts";
import { outgoing } from "./messages.ts";

let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
beforeAll(async () => {
  twilio = await startTwilioFake();
});
afterAll(() => twilio.close());

const teamId = randomUUID();
const sender = (
  overrides: {
    baseUrl?: string;
    authToken?: string;
    fromNumber?: string | null;
    messagingServiceSid?: string | null;
    timeoutMs?: number;
  } = {},
) =>
  createTwilioSender({
    baseUrl: overrides.baseUrl ?? twilio.url,
    teamId,
    config: {
      accountSid: TWILIO_ACCOUNT_SID,
      fromNumber: overrides.fromNumber === undefined ? "+14155550100" : overrides.fromNumber,
      messagingServiceSid: overrides.messagingServiceSid ?? null,
    },
    authToken: overrides.authToken ?? TWILIO_AUTH_TOKEN,
    publicUrl: "https://murmur.example.com/",
    timeoutMs: overrides.timeoutMs,
  });
const sms = (to = "+14155550123", body = "Spring sale: 20% off today") => outgoing(to, { channel: "SMS", body });

describe("the Twilio SMS sender", () => {
  test("posts the message form-encoded with Basic auth and a status callback, and keeps Twilio's SID", async () => {
    const before = twilio.requests.length;
    const outcome = await sender().send(sms());

    expect(outcome).toEqual({ status: "sent", providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    const request = twilio.requests[before]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: "+14155550123",
      From: "+14155550100",
      Body: "Spring sale: 20% off today",
      StatusCallback: `https://murmur.example.com/webhooks/twilio/${teamId}/status`,
    });
  });

  test("sends through a messaging service when one is configured", async () => {
    const service = `MG${"0f".repeat(16)}`;
    const before = twilio.requests.length;
    expect((await sender({ fromNumber: null, messagingServiceSid: service }).send(sms())).status).toBe("sent");
    const form = new URLSearchParams(twilio.requests[before]!.body);
    expect(form.get("MessagingServiceSid")).toBe(service);
    expect(form.has("From")).toBe(false);
  });

  test("a refused number is a permanent failure with Twilio's code and message", async () => {
    expect(await sender().send(sms("12345"))).toEqual({
      status: "failed",
      permanent: true,
      reason: "Twilio error 21211: Invalid 'To' Phone Number: 12345",
    });
  });

  test("a wrong auth token is a permanent failure", async () => {
    expect(await sender({ authToken: "wrong" }).send(sms())).toEqual({
      status: "failed",
      permanent: true,
      reason: "Twilio error 20003: Authenticate",
    });
  });

  test("429 is transient and carries Retry-After", async () => {
    twilio.queue({
      status: 429,
      headers: { "Retry-After": "7" },
      body: twilioErrorBody(429, 20429, "Too Many Requests"),
    });
    expect(await sender().send(sms())).toEqual({
      status: "failed",
      permanent: false,
      reason: "Twilio error 20429: Too Many Requests",
      retryAfterMs: 7000,
    });
  });

  test("5xx is transient, even with a body that is not JSON", async () => {
    twilio.queue({ status: 503, body: "<html>Service Unavailable</html>" });
    expect(await sender().send(sms())).toEqual({
      status: "failed",
      permanent: false,
      reason: "Unexpected response from Twilio (HTTP 503)",
      retryAfterMs: undefined,
    });
  });

  test("a body that is not Twilio's error shape is never quoted: only its status is reported", async () => {
    const secret = "AKIAIOSFODNN7EXAMPLE/wJalrXUtnFEMI/K7MDENG";
    twilio.queue({ status: 500, body: `<html><pre>upstream config: aws_secret=${secret}</pre></html>` });
    const fromHtml = await sender().send(sms());
    twilio.queue({ status: 400, body: { error: `database password ${secret}`, detail: secret } });
    const fromOtherJson = await sender().send(sms());

    expect(fromHtml).toMatchObject({
      status: "failed",
      permanent: false,
      reason: "Unexpected response from Twilio (HTTP 500)",
    });
    expect(fromOtherJson).toEqual({
      status: "failed",
      permanent: true,
      reason: "Unexpected response from Twilio (HTTP 400)",
    });
  });

  test("a redirect is not followed: the send fails with its status and the target is never asked", async () => {
    const elsewhere = await startTwilioFake();
    twilio.queue({
      status: 302,
      headers: { Location: `${elsewhere.url}/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages.json` },
    });
    twilio.queue({ status: 307, headers: { Location: "http://169.254.169.254/latest/meta-data/" } });
    try {
      expect(await sender().send(sms())).toMatchObject({
        status: "failed",
        permanent: false,
        reason: "Unexpected response from Twilio (HTTP 302)",
      });
      expect(await sender().send(sms())).toMatchObject({
        status: "failed",
        permanent: false,
        reason: "Unexpected response from Twilio (HTTP 307)",
      });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  test("no answer in time is transient", async () => {
    // Twilio never answers: only the timeout can end the request.
    twilio.queue({ status: 201, body: {}, neverAnswers: true });
    expect(await sender({ timeoutMs: 100 }).send(sms())).toEqual({
      status: "failed",
      permanent: false,
      reason: "Twilio did not answer within 0.1 s.",
    });
  });

  test("an unreachable API is transient", async () => {
    const gone = await startTwilioFake();
    await gone.close();
    const down = sender({ baseUrl: gone.url });
    expect(await down.send(sms())).toMatchObject({
      status: "failed",
      permanent: false,
      reason: expect.stringMatching(/^Twilio could not be reached: ECONNREFUSED/),
    });
  });
});
