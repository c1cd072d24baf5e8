import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SmtpConfig } from "#shared/channels/settings-schemas.ts";
import { createSmtpSender } from "#server/channels/smtp-sender.ts";
import type { MessageContent } from "#server/channels/types.ts";
import { startSmtpSink } from "../fakes/smtp-sink.ts";
import { outgoing } from "./messages.ts";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const config = (overrides: Partial<SmtpConfig> = {}): SmtpConfig => ({
  host: sink.host,
  port: sink.port,
  security: "none",
  username: null,
  fromName: "Acme Marketing",
  fromAddress: "news@acme.test",
  ...overrides,
});

const email = (subject = "Spring sale"): MessageContent => ({
  channel: "EMAIL",
  subject,
  html: '<p>Hello <strong>Ada</strong>, <a href="https://acme.test/sale">see the sale</a>.</p>',
  text: "Hello Ada, see the sale: https://acme.test/sale",
  headers: {
    "List-Unsubscribe": "<https://murmur.test/u/abc>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
});

describe("the SMTP sender", () => {
  test("delivers a multipart message with the delivery's Message-ID and the engine's headers", async () => {
    const sender = createSmtpSender({ allowPrivateNetworks: true, config: config() });
    const message = outgoing("ada@example.test", email(), "c1.k2@murmur.test");
    const outcome = await sender.send(message);
    await sender.close();

    expect(outcome).toEqual({ status: "sent", providerMessageId: "<c1.k2@murmur.test>" });
    const received = sink.received.find((r) => r.mail.messageId === "<c1.k2@murmur.test>")!;
    expect(received.to).toEqual(["ada@example.test"]);
    expect(received.from).toBe("news@acme.test");
    expect(received.mail.from?.value).toEqual([{ name: "Acme Marketing", address: "news@acme.test" }]);
    expect(received.mail.subject).toBe("Spring sale");
    expect(received.mail.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(received.mail.html).toContain('<a href="https://acme.test/sale">see the sale</a>');
    expect(received.mail.text?.trim()).toBe("Hello Ada, see the sale: https://acme.test/sale");
    const line = (key: string) => received.mail.headerLines.find((h) => h.key === key)?.line;
    expect(line("list-unsubscribe")).toBe("List-Unsubscribe: <https://murmur.test/u/abc>");
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  test("reuses pooled connections for many messages", async () => {
    const sender = createSmtpSender({ allowPrivateNetworks: true, config: config(), maxConnections: 2 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sender.send(outgoing(`pool-${i}@example.test`, email(`Pooled ${i}`), `pool-${i}@murmur.test`)),
      ),
    );
    await sender.close();
    expect(outcomes.every((o) => o.status === "sent")).toBe(true);
    const subjects = sink.received.filter((r) => r.mail.subject?.startsWith("Pooled ")).map((r) => r.mail.subject);
    expect(new Set(subjects).size).toBe(20);
  });

  test("a 4xx answer is transient, with the server's words", async () => {
    const sender = createSmtpSender({ allowPrivateNetworks: true, config: config() });
    const outcome = await sender.send(outgoing("defer-me@example.test", email()));
    await sender.close();
    expect(outcome).toEqual({ status: "failed", permanent: false, reason: "451 4.2.1 Mailbox busy, try again later" });
  });

  test("a 5xx refusing the recipient's address (5.1.x) is a permanent hard bounce, with the server's words", async () => {
    const sender = createSmtpSender({ allowPrivateNetworks: true, config: config() });
    const outcome = await sender.send(outgoing("unknown-user@example.test", email()));
    await sender.close();
    expect(outcome).toEqual({
      status: "failed",
      permanent: true,
      reason: "550 5.1.1 No such user here",
      bounced: true,
    });
  });

  test("a 5xx about the message or the sender (5.7.x policy) is permanent but not a bounce", async () => {
    const sender = createSmtpSender({ allowPrivateNetworks: true, config: config() });
    const outcome = await sender.send(outgoing("blocked-user@example.test", email()));
    await sender.close();
    expect(outcome).toEqual({ status: "failed", permanent: true, reason: "550 5.7.1 Message refused by local policy" });
  });

  test("a server that cannot be reached is transient", async () => {
    const gone = await startSmtpSink();
    await gone.close();
    const sender = createSmtpSender({ allowPrivateNetworks: true, config: config({ port: gone.port }) });
    const outcome = await sender.send(outgoing("ada@example.test", email()));
    await sender.close();
    expect(outcome).toMatchObject({
      status: "failed",
      permanent: false,
      reason: expect.stringMatching(/^SMTP server unavailable: .*ECONNREFUSED/),
    });
  });

  test("a server that never greets times out as transient", async () => {
    const { createServer } = await import("node:net");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const sender = createSmtpSender({
      allowPrivateNetworks: true,
      config: config({ port }),
      timeouts: { greeting: 200 },
    });
    const outcome = await sender.send(outgoing("ada@example.test", email()));
    await sender.close();
    await new Promise((resolve) => silent.close(resolve));
    expect(outcome).toMatchObject({
      status: "failed",
      permanent: false,
      reason: expect.stringContaining("Greeting never received"),
    });
  });

  test("logs in with the username and password", async () => {
    const secured = await startSmtpSink({ credentials: { user: "mailer", pass: "s3cret-pass" } });
    const good = createSmtpSender({
      allowPrivateNetworks: true,
      config: config({ port: secured.port, username: "mailer" }),
      password: "s3cret-pass",
    });
    expect((await good.send(outgoing("ada@example.test", email()))).status).toBe("sent");
    await good.close();
    expect(secured.received[0]?.username).toBe("mailer");

    const bad = createSmtpSender({
      allowPrivateNetworks: true,
      config: config({ port: secured.port, username: "mailer" }),
      password: "wrong",
    });
    expect(await bad.send(outgoing("ada@example.test", email()))).toMatchObject({
      status: "failed",
      permanent: true,
      reason: expect.stringContaining("535"),
    });
    await bad.close();
    await secured.close();
  });
});
