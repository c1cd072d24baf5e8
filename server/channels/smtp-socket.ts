import { connect, type LookupFunction, type Socket } from "node:net";
import { type ResolvedHost, resolvePublicHost } from "./network-policy.ts";

export type SmtpSocketOptions = {
  host: string;
  port: number;
  /** ALLOW_PRIVATE_SMTP: a relay on the operator's own network may be used. */
  allowPrivateNetworks: boolean;
  /** Milliseconds for the DNS lookup and again for the TCP connection. */
  timeoutMs: number;
};

type GetSocketCallback = (error: Error | null, socketOptions?: { connection: Socket }) => void;

/**
 * nodemailer's getSocket for a team's SMTP host: resolves the name once, refuses it
 * when an address is not public, and opens the TCP connection to exactly the
 * addresses checked (Node's lookup hook answers with them, so no second DNS query
 * can be rebound elsewhere). nodemailer then speaks SMTP over the socket, and for
 * TLS verifies the certificate against the host name the team typed.
 */
export function guardedSmtpSocket(options: SmtpSocketOptions) {
  return (_transportOptions: unknown, callback: GetSocketCallback): void => {
    resolvePublicHost(options.host, {
      allowPrivate: options.allowPrivateNetworks,
      timeoutMs: options.timeoutMs,
      label: "SMTP host",
    }).then(
      (addresses) => openSocket(options, addresses, callback),
      (error: Error) => callback(error),
    );
  };
}

function openSocket(options: SmtpSocketOptions, addresses: ResolvedHost[], callback: GetSocketCallback): void {
  const checked: LookupFunction = (_hostname, lookupOptions, answer) => {
    if (lookupOptions.all) return answer(null, addresses);
    const [first] = addresses;
    answer(null, first!.address, first!.family);
  };
  let settled = false;
  // With several addresses Node tries them in turn (as nodemailer would have), asking
  // the lookup hook, which answers with the checked addresses and nothing else.
  const socket =
    addresses.length > 1
      ? connect({ host: options.host, port: options.port, lookup: checked, autoSelectFamily: true })
      : connect({ host: addresses[0]!.address, port: options.port });
  const finish = (error: Error | null) => {
    if (settled) return;
    settled = true;
    socket.setTimeout(0);
    socket.removeListener("error", finish);
    if (error) {
      socket.destroy();
      callback(error);
    } else {
      callback(null, { connection: socket });
    }
  };
  socket.setTimeout(options.timeoutMs, () =>
    finish(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })),
  );
  socket.once("error", finish);
  socket.once("connect", () => finish(null));
}
