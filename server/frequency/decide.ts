import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { type OverCapChoice, windowHours } from "#shared/frequency/schemas.ts";
import { formatInTimeZone, isTimeZone } from "#shared/teams/time-zone.ts";
import { capHold, describeRule } from "./caps.ts";
import { quietHoursEnd } from "./quiet-hours.ts";
import { readRecentSends } from "./recent-sends.ts";
import { getSendPolicy, type SendPolicy } from "./settings.ts";

/** What to do with one marketing message now: send it, hold it until a time, or skip it for good. */
export type SendDecision =
  { action: "send" } | { action: "wait"; until: Date; reason: string } | { action: "skip"; reason: string };

const SEND: SendDecision = { action: "send" };
const HOUR_MS = 3600_000;

/** Whether the team's settings can hold anything back on this channel: when not, no query is needed. */
export function holdsChannel(policy: SendPolicy, channel: CampaignType): boolean {
  return policy.rules.some((r) => r.channel === channel) || policy.quietHours.some((q) => q.channel === channel);
}

/**
 * The decision for each of a batch of contacts about to get a marketing message on
 * `channel` at `now`: over a frequency cap or inside quiet hours, the message waits for
 * the next moment both allow (the cap's window lets one go, then quiet hours end) or,
 * with `overCap: "skip"`, is skipped; otherwise it is sent. Quiet hours are read in
 * the contact's zone (the attribute the settings name, when it holds a real zone),
 * else the team's. The reason says which rule held it and until when. One statement
 * for the batch (none when the channel has no rule). `policy` may be passed by a
 * caller deciding many batches for one team.
 */
export async function decideSends(
  db: Database,
  options: {
    teamId: string;
    contactIds: string[];
    channel: CampaignType;
    overCap: OverCapChoice;
    now: Date;
    policy?: SendPolicy;
  },
): Promise<Map<string, SendDecision>> {
  const policy = options.policy ?? (await getSendPolicy(db, { teamId: options.teamId }));
  const decisions = new Map<string, SendDecision>();
  if (!holdsChannel(policy, options.channel)) {
    for (const id of options.contactIds) decisions.set(id, SEND);
    return decisions;
  }
  const rules = policy.rules.filter((r) => r.channel === options.channel);
  const longest = Math.max(0, ...rules.map(windowHours));
  const recent = await readRecentSends(db, {
    teamId: options.teamId,
    contactIds: options.contactIds,
    channel: options.channel,
    since: new Date(options.now.getTime() - longest * HOUR_MS),
    limit: Math.max(0, ...rules.map((r) => r.limit)),
    zoneAttribute: policy.timeZoneAttribute,
  });
  // Checking a zone name builds an Intl formatter: once per distinct zone in the batch, not per contact.
  const zones = new Map<string, string>();
  const zoneOf = (zone: string | null) => {
    if (!zone) return policy.teamTimeZone;
    if (!zones.has(zone)) zones.set(zone, isTimeZone(zone) ? zone : policy.teamTimeZone);
    return zones.get(zone)!;
  };
  for (const id of options.contactIds) {
    const sends = recent.get(id) ?? { sentTimes: [], zone: null };
    decisions.set(id, decideOne(policy, options, sends.sentTimes, zoneOf(sends.zone)));
  }
  return decisions;
}

/** One contact's decision from what the batch read. */
function decideOne(
  policy: SendPolicy,
  options: { channel: CampaignType; overCap: OverCapChoice; now: Date },
  sentTimes: Date[],
  zone: string,
): SendDecision {
  const rules = policy.rules.filter((r) => r.channel === options.channel);
  const quiet = policy.quietHours.find((q) => q.channel === options.channel);
  const reasons: string[] = [];
  let until = options.now;
  const hold = capHold(rules, sentTimes, options.now);
  if (hold) {
    reasons.push(`frequency cap: ${describeRule(hold.rule)}`);
    until = hold.until;
  }
  // The cap's moment may itself fall in quiet hours: the message goes when both allow.
  const quietEnd = quiet ? quietHoursEnd(until, quiet, zone) : null;
  if (quiet && quietEnd) {
    reasons.push(`quiet hours: no ${channelWord(options.channel)} from ${quiet.from} to ${quiet.to} ${zone}`);
    until = quietEnd;
  }
  if (reasons.length === 0) return SEND;
  const reason = `Held back by ${reasons.join(" and by ")}`;
  if (options.overCap === "skip") return { action: "skip", reason: `${reason}. Skipped.` };
  return { action: "wait", until, reason: `${reason}. Waiting until ${formatInTimeZone(until, zone)}.` };
}

function channelWord(channel: CampaignType): string {
  return channel === "EMAIL" ? "email" : channel === "SMS" ? "SMS" : "WhatsApp message";
}

/**
 * One contact's decision, the shape a journey's send step asks for: see
 * `decideSends`. Reads the team's settings and the contact's recent messages.
 */
export async function decideSend(
  db: Database,
  options: { teamId: string; contactId: string; channel: CampaignType; overCap: OverCapChoice; now: Date },
): Promise<SendDecision> {
  const decisions = await decideSends(db, { ...options, contactIds: [options.contactId] });
  return decisions.get(options.contactId) ?? SEND;
}
