import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "#db/database.ts";
import { senderFor } from "#server/channels/senders.ts";
import { smtpChange } from "#server/channels/settings-input.ts";
import { saveChannelSettings } from "#server/channels/settings.ts";
import { createUser } from "../factories.ts";
import { startSmtpSink } from "../fakes/smtp-sink.ts";
import { outgoing } from "./messages.ts";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  // The SMTP server is on loopback: the operator's allowance for a private relay.
  vi.stubEnv("ALLOW_PRIVATE_SMTP", "1");
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  vi.unstubAllEnvs();
});

const smtp = (enabled: boolean) =>
  smtpChange({ enabled, host: sink.host, port: sink.port, security: "none", fromAddress: "news@acme.test" });
const email = { channel: "EMAIL" as const, subject: "Hello", html: "<p>Hi</p>", text: "Hi", headers: {} };

describe("senderFor", () => {
  test("sends through the team's SMTP server once it is enabled, and through the outbox before", async () => {
    const { teamId } = await createUser();
    await saveChannelSettings(getDb(), { teamId, channel: "EMAIL", ...smtp(false) });

    const outbox = await senderFor(getDb(), teamId, "EMAIL");
    const parked = await outbox.send({
      ...outgoing("ada@example.test", email, "parked@murmur.test"),
      teamId,
      campaignId: null as never,
      deliveryId: null as never,
    });
    await outbox.close();
    expect(parked.status).toBe("sent");
    expect(sink.received.some((r) => r.mail.messageId === "<parked@murmur.test>")).toBe(false);

    await saveChannelSettings(getDb(), { teamId, channel: "EMAIL", ...smtp(true) });
    const smtpSender = await senderFor(getDb(), teamId, "EMAIL");
    const outcome = await smtpSender.send(outgoing("ada@example.test", email, "through-smtp@murmur.test"));
    await smtpSender.close();
    expect(outcome).toEqual({ status: "sent", providerMessageId: "<through-smtp@murmur.test>" });
    expect(sink.received.some((r) => r.mail.messageId === "<through-smtp@murmur.test>")).toBe(true);
  });

  test("another team's enabled provider is not used", async () => {
    const mine = await createUser();
    const theirs = await createUser();
    await saveChannelSettings(getDb(), { teamId: theirs.teamId, channel: "EMAIL", ...smtp(true) });
    const sender = await senderFor(getDb(), mine.teamId, "EMAIL");
    const outcome = await sender.send({
      ...outgoing("ada@example.test", email, "mine@murmur.test"),
      teamId: mine.teamId,
      campaignId: null as never,
      deliveryId: null as never,
    });
    await sender.close();
    expect(outcome.status).toBe("sent");
    expect(sink.received.some((r) => r.mail.messageId === "<mine@murmur.test>")).toBe(false);
  });
});
