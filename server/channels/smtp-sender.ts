import nodemailer from "nodemailer";
import { RefusedHostError } from "./network-policy.ts";
import type { SmtpConfig } from "#shared/channels/settings-schemas.ts";
import { guardedSmtpSocket } from "./smtp-socket.ts";
import type { ChannelSender, OutgoingMessage, SendOutcome } from "./types.ts";

export type SmtpSenderOptions = {
  config: SmtpConfig;
  password?: string;
  /**
   * The operator's ALLOW_PRIVATE_SMTP: without it, a host resolving to a loopback, private or link-local address is
   * refused.
   */
  allowPrivateNetworks?: boolean;
  /** Connections kept open to the server; messages are spread over them. */
  maxConnections?: number;
  /** Milliseconds to connect, to be greeted, and of silence on an open connection. */
  timeouts?: { connection?: number; greeting?: number; socket?: number };
};

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/**
 * Email over SMTP with nodemailer's pooled transport: a few connections reused for
 * many messages. Each message is multipart (HTML and its plain-text version),
 * carries the delivery's Message-ID and the engine's headers (List-Unsubscribe...).
 */
export function createSmtpSender(options: SmtpSenderOptions): ChannelSender {
  const { config } = options;
  const maxConnections = options.maxConnections ?? 5;
  const connectionTimeout = options.timeouts?.connection ?? 15_000;
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections,
    host: config.host,
    port: config.port,
    // Every connection of the pool goes through the address check; nodemailer does no DNS itself.
    getSocket: guardedSmtpSocket({
      host: config.host,
      port: config.port,
      allowPrivateNetworks: options.allowPrivateNetworks ?? false,
      timeoutMs: connectionTimeout,
    }),
    // "tls": TLS from the first byte (usually port 465); "starttls": plain, then upgraded,
    // and refused if the server cannot; "none": never encrypted (a local relay).
    secure: config.security === "tls",
    requireTLS: config.security === "starttls",
    ignoreTLS: config.security === "none",
    auth: config.username ? { user: config.username, pass: options.password ?? "" } : undefined,
    connectionTimeout,
    greetingTimeout: options.timeouts?.greeting ?? 15_000,
    socketTimeout: options.timeouts?.socket ?? 60_000,
  });
  const from = { name: config.fromName ?? "", address: config.fromAddress };

  return {
    channel: "EMAIL",
    // One message on the wire per connection and two waiting behind it, so no connection
    // idles while the engine marks the next group, and marks come in groups of about the
    // pool's size (each mark is a statement: one per message cost a third of the throughput).
    inFlightLimit: 3 * maxConnections,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const { content } = message;
      if (content.channel !== "EMAIL") throw new Error(`The SMTP sender cannot send ${content.channel} messages.`);
      try {
        const info = await transport.sendMail({
          from,
          to: message.to,
          subject: content.subject,
          html: content.html,
          text: content.text,
          headers: content.headers,
          messageId: message.messageId,
        });
        // As the Message-ID header reads, angle brackets included, so bounces can be matched to it.
        return { status: "sent", providerMessageId: asHeaderMessageId(info.messageId) };
      } catch (error) {
        return smtpFailure(error as SmtpError);
      }
    },
    async close() {
      transport.close();
    },
  };
}

function asHeaderMessageId(id: string): string {
  return id.startsWith("<") ? id : `<${id}>`;
}

/**
 * SMTP 4xx replies, lost connections and timeouts are transient: the engine tries
 * again later. 5xx replies are permanent, with the server's reply line; those whose
 * enhanced status code says the recipient's address is bad are hard bounces. A
 * message nodemailer refuses before talking to the server (a malformed address) is
 * permanent too, but not a bounce: the server never judged the address. A host the
 * network policy refuses is transient, like an unreachable one: fixing the settings
 * lets the campaign go on.
 *
 * The reason is shown to the team, so it carries a server's words only when they
 * are an SMTP reply (a code and one line); whatever else a host sent back (a banner
 * of another protocol, an error page) is named by its kind, never quoted.
 */
export function smtpFailure(error: SmtpError): Extract<SendOutcome, { status: "failed" }> {
  if (error instanceof RefusedHostError) return { status: "failed", permanent: false, reason: error.message };
  if (error.responseCode) {
    const reason = smtpReplyLine(error.response) ?? `The SMTP server answered ${error.responseCode}.`;
    if (error.responseCode < 500) return { status: "failed", permanent: false, reason };
    return isRecipientRefusal(error)
      ? { status: "failed", permanent: true, reason, bounced: true }
      : { status: "failed", permanent: true, reason };
  }
  const refusedLocally = error.code === "EENVELOPE" || error.code === "EMESSAGE" || error.code === "ECONFIG";
  // Without a server's answer attached, the message is nodemailer's or the system's own.
  const words = error.response ? `it did not answer as an SMTP server (${error.code ?? "EPROTOCOL"})` : error.message;
  return {
    status: "failed",
    permanent: refusedLocally,
    reason: refusedLocally ? words : `SMTP server unavailable: ${words}`,
  };
}

const MAX_REPLY_LENGTH = 300;

/** The first line of an SMTP reply ("550 5.1.1 No such user"), bounded; null when the text is not one. */
function smtpReplyLine(response: string | undefined): string | null {
  const line = response?.trim().split(/\r?\n/)[0] ?? "";
  if (!/^[2-5]\d\d(?:[ -]|$)/.test(line)) return null;
  const printable = line.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > MAX_REPLY_LENGTH ? `${printable.slice(0, MAX_REPLY_LENGTH - 1)}…` : printable;
}

/** Enhanced status codes (RFC 3463) of the address class that speak of the sender, not the recipient. */
const SENDER_ADDRESS_DETAILS = new Set([7, 8]);

/**
 * A permanent refusal of the recipient's address: class 5, subject 1 ("addressing",
 * 5.1.1 user unknown, 5.1.2 bad domain...) given to RCPT TO or DATA. Policy (5.7.x),
 * size (5.3.4), mailbox (5.2.x) and other refusals are about the message or the sender,
 * and a reply with no enhanced code says too little to suppress anyone on.
 */
function isRecipientRefusal(error: SmtpError): boolean {
  if (error.command === "MAIL FROM") return false;
  const enhanced = /^5\d\d[ -]5\.1\.(\d{1,3})\b/.exec(error.response?.trim() ?? "");
  return enhanced !== null && !SENDER_ADDRESS_DETAILS.has(Number(enhanced[1]));
}
