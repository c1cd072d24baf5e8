import type { ClauseContext } from "./context.ts";
import type { Channel, Draft } from "./drafts.ts";

/*
 * Channels: who can be reached ("has WhatsApp", "can receive SMS") and who
 * unsubscribed or subscribed ("opted out of email"). Reachable means an
 * address for the channel (a phone for SMS and WhatsApp) and a subscription
 * that still stands.
 */

const CHANNEL = "(e-?mails?|mail|sms|texts?|text messages?|whats ?app|wa)";
const CHANNELS_OF: [RegExp, Channel][] = [
  [/^(e-?mails?|mail)$/, "email"],
  [/^(sms|texts?|text messages?)$/, "sms"],
  [/^(whats ?app|wa)$/, "whatsapp"],
];
const ALL_CHANNELS: Channel[] = ["email", "sms", "whatsapp"];
const SENT = /\b(received|got|was sent|were sent|opened|clicked|read)\b/;

function channelOf(word: string | undefined): Channel | undefined {
  if (!word) return undefined;
  return CHANNELS_OF.find(([pattern]) => pattern.test(word))?.[1];
}

type Rule = { pattern: RegExp; draft: (m: RegExpMatchArray) => Omit<Draft, "at" | "negated"> | undefined };

const RULES: Rule[] = [
  {
    pattern: new RegExp(
      `\\b(?:unsubscribed|unsubscribes|unsubscribe|opted[ -]?out|opt[ -]?out|opts[ -]?out)\\b(?:\\s+(?:from|of|to|on))?(?:\\s+(?:the|our|all|any))?(?:\\s+${CHANNEL}\\b)?`,
    ),
    draft: (m) => ({ kind: "subscription", channels: m[1] ? [channelOf(m[1])!] : ALL_CHANNELS, subscribed: false }),
  },
  {
    pattern: new RegExp(
      `\\b(?:subscribed|opted[ -]?in|signed up|subscribers?)\\s+(?:to|for|of|on)\\s+(?:the\\s+|our\\s+)?${CHANNEL}\\b`,
    ),
    draft: (m) => ({ kind: "subscription", channels: [channelOf(m[1])!], subscribed: true }),
  },
  {
    pattern: new RegExp(`\\b${CHANNEL}\\s+(?:subscribers?|opt[ -]?ins?)\\b`),
    draft: (m) => ({ kind: "subscription", channels: [channelOf(m[1])!], subscribed: true }),
  },
  {
    pattern: new RegExp(
      `\\b(?:(?:can|could|able to|will)\\s+(?:receive|get|be (?:reached|contacted|messaged|sent messages)(?:\\s+(?:on|by|via|through|over))?)|receive|reachable(?:\\s+(?:on|by|via|through|over))?|contactable(?:\\s+(?:on|by|via|through|over))?|have|has|with|on|uses?|using)\\s+(?:an?\\s+|the\\s+)?${CHANNEL}\\b(?:\\s+messages?)?`,
    ),
    draft: (m) => {
      const channel = channelOf(m[1]);
      // "has an email" is about the address, which the field recognizer reads; "has WhatsApp" is about reaching them.
      if (!channel || (channel === "email" && !/receive|reach|contact|messag|sent/.test(m[0]))) return undefined;
      return { kind: "reachable", channel };
    },
  },
  {
    pattern: new RegExp(`\\b${CHANNEL}[ -]?(?:reachable|contactable|enabled)\\b`),
    draft: (m) => ({ kind: "reachable", channel: channelOf(m[1])! }),
  },
  {
    pattern: /\b(textable|emailable|mailable)\b/,
    draft: (m) => ({ kind: "reachable", channel: m[1] === "textable" ? "sms" : "email" }),
  },
  // What is left of "with WhatsApp" once the clause was split at "with", or "WhatsApp users";
  // not "received any SMS" or "got a WhatsApp message", which are about campaigns sent.
  {
    pattern:
      /(?<!\b(?:received|receive|got|get|sent|opened|clicked|open|click)\s+(?:(?:any|an?|the|our|one)\s+)?)\b(whats ?app|sms)\b/,
    draft: (m) => ({ kind: "reachable", channel: channelOf(m[1])! }),
  },
];

/** Reachability and subscription conditions in the clause. */
export function recognizeChannels(context: ClauseContext): Draft[] {
  const { clause, prompt } = context;
  const drafts: Draft[] = [];
  const { text, tokenAt } = clause.textView(prompt);
  for (const rule of RULES) {
    for (const match of text.matchAll(new RegExp(rule.pattern.source, "g"))) {
      const draft = rule.draft(match);
      if (!draft) continue;
      // "got the Premium Discount on WhatsApp": how a campaign came, not whether they can be reached.
      const before = text.slice(0, match.index);
      if (
        draft.kind === "reachable" &&
        SENT.test(before) &&
        (/^(on|via|by|through|over)\b/.test(match[0]) || /\b(on|via|by|through|over)\s+$/.test(before))
      )
        continue;
      const span = tokenAt(match.index, match.index + match[0].length);
      if (!span?.free) continue;
      clause.mark(span.from, span.to);
      drafts.push({ ...draft, negated: false, at: span.from } as Draft);
    }
  }
  return drafts;
}
