import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server (smtp-server) in this process that accepts everything and
 * only counts messages per recipient, so it keeps up with what is measured or
 * checked: the sending benchmark and the crash test.
 */
export async function startCountingSink() {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
        callback();
      });
    },
  });
  // A client killed mid-conversation (the crash test's point) resets its connection: expected, not a failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    total: () => [...received.values()].reduce((sum, n) => sum + n, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
