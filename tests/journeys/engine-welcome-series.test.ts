import { Analytics } from "@segment/analytics-node";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "#db/database.ts";
import { twilioChange } from "#server/channels/settings-input.ts";
import { saveChannelSettings } from "#server/channels/settings.ts";
import { startTwilioFake, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } from "../fakes/twilio.ts";
import { createTrackingTeam } from "../events/fixtures.ts";
import { startTrackingServer, type TrackingServer } from "../events/tracking-server.ts";
import { chunkWorker, sendQueues } from "../delivery/fixtures.ts";
import { later, outboxOf, runJourneys, runsOf, statsOf } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// A welcome series, end to end: Signed Up through Segment's SDK → a welcome email
// (outbox) → two days → plan = pro? → an SMS through Twilio (the fake speaks its API).

const queues = sendQueues();
let server: TrackingServer;
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
beforeAll(async () => {
  server = await startTrackingServer();
  twilio = await startTwilioFake();
  vi.stubEnv("TWILIO_BASE_URL", twilio.url);
});
afterAll(async () => {
  await server.close();
  await twilio.close();
  vi.unstubAllEnvs();
});

const DAY = 24 * 3600;

describe("welcome series journey", () => {
  test("the email goes at once, the SMS two days later only to pro contacts; others exit at the condition", async () => {
    const team = await createTrackingTeam();
    await saveChannelSettings(getDb(), {
      teamId: team.teamId,
      channel: "SMS",
      ...twilioChange({
        enabled: true,
        accountSid: TWILIO_ACCOUNT_SID,
        authToken: TWILIO_AUTH_TOKEN,
        fromNumber: "+14155550100",
      }),
    });
    const journeyId = await liveJourney(team.teamId, {
      name: "Welcome",
      entry: { type: "event", event: "Signed Up", properties: [] },
      steps: [
        {
          id: "welcome",
          type: "send",
          channel: "EMAIL",
          subject: "Welcome, {{ contact.name }}",
          content: "<p>Hello</p>",
        },
        { id: "two-days", type: "wait", seconds: 2 * DAY },
        {
          id: "is-pro",
          type: "condition",
          filter: {
            type: "group",
            combinator: "and",
            conditions: [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }],
          },
          yes: [
            { id: "pro-tips", type: "send", channel: "SMS", content: "Pro tip for {{ contact.name }}: try exports." },
          ],
          no: [{ id: "not-pro", type: "exit" }],
        },
      ],
    });
    const analytics = new Analytics({ writeKey: team.writeKey, host: server.url, flushAt: 50, flushInterval: 20 });
    const t0 = new Date();
    analytics.identify({
      userId: "p-1",
      traits: { email: "pia@murmur.test", name: "Pia", phone: "+14155550111", plan: "pro" },
    });
    analytics.identify({
      userId: "f-1",
      traits: { email: "fred@murmur.test", name: "Fred", phone: "+14155550122", plan: "free" },
    });
    analytics.track({ userId: "p-1", event: "Signed Up" });
    analytics.track({ userId: "f-1", event: "Signed Up" });
    await analytics.closeAndFlush({ timeout: 10_000 });

    await runJourneys(queues.boss, chunkWorker(), t0);
    expect((await outboxOf(team.teamId)).map((m) => [m.toAddress, m.summary]).sort()).toEqual([
      ["fred@murmur.test", "Welcome, Fred"],
      ["pia@murmur.test", "Welcome, Pia"],
    ]);
    // A day later nothing has moved.
    await runJourneys(queues.boss, chunkWorker(), later(t0, DAY));
    expect(twilio.requests).toHaveLength(0);
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.stepId])).toEqual([
      ["fred@murmur.test", "waiting", "two-days"],
      ["pia@murmur.test", "waiting", "two-days"],
    ]);

    await runJourneys(queues.boss, chunkWorker(), later(t0, 2 * DAY + 1));
    const sms = twilio.requests.map((request) => Object.fromEntries(new URLSearchParams(request.body)));
    expect(sms).toEqual([expect.objectContaining({ To: "+14155550111", Body: "Pro tip for Pia: try exports." })]);
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status, r.outcome, r.stepId])).toEqual([
      ["fred@murmur.test", "finished", "exited", "not-pro"],
      ["pia@murmur.test", "finished", "completed", "pro-tips"],
    ]);
    expect(await statsOf(journeyId)).toMatchObject({
      welcome: { entered: 2, sent: 2, movedOn: 2 },
      "two-days": { entered: 2, movedOn: 2 },
      "is-pro": { entered: 2, movedOn: 2 },
      "pro-tips": { entered: 1, sent: 1, movedOn: 1 },
      "not-pro": { entered: 1, exited: 1 },
    });
  });
});
