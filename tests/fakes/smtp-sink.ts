import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerAuthentication } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; username: string | null; mail: ParsedMail };

/**
 * A real SMTP server (smtp-server) in this process. Recipients decide the answer:
 * "defer…@" gets a 451, "unknown…@" a 550 5.1.1 (no such user), "blocked…@" a 550
 * 5.7.1 (refused by policy, not about the address), "flaky…@" a 451 the first time only,
 * anyone else is accepted, parsed with
 * mailparser and kept. With `credentials`, senders must log in.
 */
export async function startSmtpSink(options: { credentials?: { user: string; pass: string } } = {}) {
  const received: ReceivedMail[] = [];
  const deferredOnce = new Set<string>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    allowInsecureAuth: true,
    authOptional: !options.credentials,
    onAuth(auth: SMTPServerAuthentication, _session, callback) {
      const { credentials } = options;
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass)
        return callback(null, { user: auth.username });
      return callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("flaky") && !deferredOnce.has(address.address)) {
        deferredOnce.add(address.address);
        return callback(
          Object.assign(new Error("4.3.0 Temporary system problem, try again later"), { responseCode: 451 }),
        );
      }
      if (address.address.startsWith("defer")) {
        return callback(Object.assign(new Error("4.2.1 Mailbox busy, try again later"), { responseCode: 451 }));
      }
      if (address.address.startsWith("unknown")) {
        return callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      }
      if (address.address.startsWith("blocked")) {
        return callback(Object.assign(new Error("5.7.1 Message refused by local policy"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            username: typeof session.user === "string" ? session.user : null,
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: "127.0.0.1",
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
