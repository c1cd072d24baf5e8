import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server that counts messages by their Message-ID header, which the
 * send pipeline makes from the campaign and the contact: so a journey's three
 * messages to one address are told apart, and a message handed over twice shows.
 */
export async function startMessageIdSink() {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const id = /^Message-ID:\s*<([^@>]+)@[^>]*>/im.exec(head)?.[1] ?? "(none)";
        received.set(id, (received.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  // A client killed mid-conversation resets its connection: expected, not a failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    total: () => [...received.values()].reduce((sum, n) => sum + n, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
