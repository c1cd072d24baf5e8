import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { action as channelsAction, loader as channelsPage } from "#app/routes/dashboard/settings-channels.tsx";
import { describeNonPublicAddress, resolvePublicHost } from "#server/channels/network-policy.ts";
import { startSmtpSink } from "../fakes/smtp-sink.ts";
import { formRequest, getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

const PAGE = "/dashboard/settings/channels";

/** A TCP server on every loopback address (IPv4 and IPv6) that counts the connections it is offered. */
async function startConnectionCounter(greeting?: string) {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    if (greeting) socket.end(greeting);
  });
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let counter: Awaited<ReturnType<typeof startConnectionCounter>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  counter = await startConnectionCounter("220 murmur-test ESMTP\r\n");
  sink = await startSmtpSink();
});
afterAll(async () => {
  await counter.close();
  await sink.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const post = (cookie: HeadersInit, fields: Record<string, string>) =>
  serveDashboard(channelsAction, formRequest(PAGE, fields, cookie));
const saveSmtp = (cookie: HeadersInit, host: string, port: number) =>
  post(cookie, {
    intent: "save",
    channel: "EMAIL",
    host,
    port: String(port),
    security: "none",
    fromAddress: "news@acme.test",
  });
const sendTest = async (cookie: HeadersInit, to = "reader@example.test") => {
  const response = await post(cookie, { intent: "test", channel: "EMAIL", to });
  return { status: response.status, report: (await response.json()).report as { ok: boolean; message: string } };
};

describe("SMTP hosts on the operator's network", () => {
  test.each([
    ["127.0.0.1", /The SMTP host 127\.0\.0\.1 is a loopback address/],
    ["localhost", /The SMTP host localhost resolves to (127\.0\.0\.1|::1), is a loopback address/],
    ["[::1]", /The SMTP host ::1 is a loopback address/],
    ["10.0.0.1", /The SMTP host 10\.0\.0\.1 is a private address/],
    ["169.254.169.254", /The SMTP host 169\.254\.169\.254 is a cloud metadata address/],
  ])("a test message to %s is refused with the reason, before any connection", async (host, reason) => {
    vi.stubEnv("ALLOW_PRIVATE_SMTP", "");
    const user = await signedIn();
    expect((await saveSmtp(user.cookie, host, counter.port)).status).toBe(302);

    const { status, report } = await sendTest(user.cookie);

    expect(status).toBe(502);
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(reason);
    expect(counter.connections()).toBe(0);
    // The server carries on: the page still renders for the team.
    expect((await serveDashboard(channelsPage, getRequest(PAGE, user.cookie))).status).toBe(200);
  });

  test("with ALLOW_PRIVATE_SMTP=1 a relay on loopback receives the test message", async () => {
    vi.stubEnv("ALLOW_PRIVATE_SMTP", "1");
    const user = await signedIn();
    await saveSmtp(user.cookie, sink.host, sink.port);

    expect(await sendTest(user.cookie, "relay-reader@example.test")).toEqual({
      status: 200,
      report: { ok: true, message: "Test message sent to relay-reader@example.test." },
    });
    expect(sink.received.some((mail) => mail.to.includes("relay-reader@example.test"))).toBe(true);
  });

  test("a host that answers in another protocol is named by the kind of failure, never quoted", async () => {
    vi.stubEnv("ALLOW_PRIVATE_SMTP", "1");
    const secret = "redis_password=hunter2-very-secret";
    const other = await startConnectionCounter(`HTTP/1.1 400 Bad Request\r\nX-Debug: ${secret}\r\n\r\n${secret}`);
    try {
      const user = await signedIn();
      await saveSmtp(user.cookie, "127.0.0.1", other.port);
      const { status, report } = await sendTest(user.cookie);
      expect(status).toBe(502);
      expect(report.message).toMatch(
        /^The provider refused the test message: SMTP server unavailable: it did not answer as an SMTP server \(E[A-Z]+\)$/,
      );
      expect(report.message).not.toContain("hunter2");
    } finally {
      await other.close();
    }
  });
});

describe("describeNonPublicAddress", () => {
  test.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.1.2", "a loopback address"],
    ["10.20.30.40", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["169.254.1.1", "a link-local address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["0.0.0.0", "an unspecified address"],
    ["224.0.0.251", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fd12:3456::1", "a private address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["fe80::1", "a link-local address"],
    ["ff02::1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:a00:1", "a private address"],
  ])("%s is %s", (address, kind) => {
    expect(describeNonPublicAddress(address)).toBe(kind);
  });

  test.each(["8.8.8.8", "172.32.0.1", "100.128.0.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(describeNonPublicAddress(address)).toBeNull();
    },
  );
});

describe("resolvePublicHost", () => {
  const options = { allowPrivate: false, timeoutMs: 1000, label: "SMTP host" };

  test("a name with one private address among public ones is refused whole, from one lookup", async () => {
    const lookup = vi.fn(async () => [
      { address: "93.184.216.34", family: 4 as const },
      { address: "10.1.2.3", family: 4 as const },
    ]);
    await expect(resolvePublicHost("mail.example.test", { ...options, lookup })).rejects.toThrow(
      "The SMTP host mail.example.test resolves to 10.1.2.3, is a private address",
    );
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  test("public addresses come back to be connected to; the operator's allowance lets private ones through, never the metadata address", async () => {
    const lookup = async () => [{ address: "10.1.2.3", family: 4 as const }];
    await expect(resolvePublicHost("relay.internal", { ...options, lookup })).rejects.toThrow(
      "The SMTP host relay.internal resolves to 10.1.2.3, is a private address; Murmur only connects to public addresses unless the server's operator sets ALLOW_PRIVATE_SMTP=1.",
    );
    expect(await resolvePublicHost("relay.internal", { ...options, allowPrivate: true, lookup })).toEqual([
      { address: "10.1.2.3", family: 4 },
    ]);
    const metadata = async () => [{ address: "169.254.169.254", family: 4 as const }];
    await expect(
      resolvePublicHost("metadata.internal", { ...options, allowPrivate: true, lookup: metadata }),
    ).rejects.toThrow(
      "The SMTP host metadata.internal resolves to 169.254.169.254, is a cloud metadata address; Murmur never connects there.",
    );
    expect(
      await resolvePublicHost("mail.example.test", {
        ...options,
        lookup: async () => [{ address: "93.184.216.34", family: 4 as const }],
      }),
    ).toEqual([{ address: "93.184.216.34", family: 4 }]);
  });

  test("a name that does not resolve is refused with a clear message", async () => {
    const lookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    await expect(resolvePublicHost("nowhere.invalid", { ...options, lookup })).rejects.toThrow(
      "The SMTP host nowhere.invalid does not resolve to any address.",
    );
  });
});
