import nodemailer from "nodemailer";
import type { SmtpConfig } from "./settings-schemas.ts";
import type { ChannelSender, OutgoingMessage, SendOutcome } from "./types.ts";

export type SmtpSenderOptions = {
  config: SmtpConfig;
  password?: string;
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
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections,
    host: config.host,
    port: config.port,
    // "tls": TLS from the first byte (usually port 465); "starttls": plain, then upgraded,
    // and refused if the server cannot; "none": never encrypted (a local relay).
    secure: config.security === "tls",
    requireTLS: config.security === "starttls",
    ignoreTLS: config.security === "none",
    auth: config.username ? { user: config.username, pass: options.password ?? "" } : undefined,
    connectionTimeout: options.timeouts?.connection ?? 15_000,
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
 * again later. 5xx replies are permanent, with the server's own words; those whose
 * enhanced status code says the recipient's address is bad are hard bounces. A
 * message nodemailer refuses before talking to the server (a malformed address) is
 * permanent too, but not a bounce: the server never judged the address.
 */
export function smtpFailure(error: SmtpError): Extract<SendOutcome, { status: "failed" }> {
  const reason = error.response?.trim() || error.message;
  if (error.responseCode) {
    if (error.responseCode < 500) return { status: "failed", permanent: false, reason };
    return isRecipientRefusal(error) ? { status: "failed", permanent: true, reason, bounced: true } : { status: "failed", permanent: true, reason };
  }
  const refusedLocally = error.code === "EENVELOPE" || error.code === "EMESSAGE" || error.code === "ECONFIG";
  return { status: "failed", permanent: refusedLocally, reason: refusedLocally ? reason : `SMTP server unavailable: ${reason}` };
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
