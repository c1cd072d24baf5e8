import type { VocabularyCampaign } from "#server/ai/types.ts";
import type { Clause } from "./clause.ts";
import { type ClauseContext, takeTime } from "./context.ts";
import type { Channel, Draft } from "./drafts.ts";
import type { NamedEntry } from "./lexicon.ts";
import { matchEvents } from "./recognize-event.ts";
import { quoteSpan } from "./tokens.ts";
import { wordsOf } from "./words.ts";

/*
 * Engagement with campaigns: received, opened, clicked ("opened the last
 * campaign", "clicked Black Friday", "didn't click anything in 2 weeks").
 * "The last campaign" is the one sent most recently.
 */

type Action = "received" | "opened" | "clicked";

const VERBS: [string[], Action[]][] = [
  [["clicked", "through"], ["clicked"]],
  [["clicked", "on"], ["clicked"]],
  [["click", "on"], ["clicked"]],
  [["clicked"], ["clicked"]],
  [["click"], ["clicked"]],
  [["clicks"], ["clicked"]],
  [["tapped"], ["clicked"]],
  [["opened"], ["opened"]],
  [["open"], ["opened"]],
  [["opens"], ["opened"]],
  [["read"], ["opened"]],
  [["received"], ["received"]],
  [["receive"], ["received"]],
  [["got"], ["received"]],
  [["was", "sent"], ["received"]],
  [["were", "sent"], ["received"]],
  [["been", "sent"], ["received"]],
  [
    ["engaged", "with"],
    ["opened", "clicked"],
  ],
  [
    ["interacted", "with"],
    ["opened", "clicked"],
  ],
  [["engaged"], ["opened", "clicked"]],
];

const SKIP = new Set(["the", "our", "a", "an", "any", "of", "on", "with", "to", "from", "in", "my", "your"]);
const KINDS = new Set([
  "campaign",
  "campaigns",
  "email",
  "emails",
  "broadcast",
  "broadcasts",
  "message",
  "messages",
  "newsletter",
  "newsletters",
  "send",
  "sends",
  "blast",
  "blasts",
  "mailing",
  "mailings",
]);
const ANY = new Set(["anything", "something", "link", "links", ...KINDS]);
const PRONOUNS = new Set(["it", "that", "this", "them", "those"]);
const WEAK_VERBS = new Set(["got", "read"]);
const ENGAGED_DAYS = 30;
const CHANNEL_WORDS: Record<string, Channel> = {
  sms: "sms",
  text: "sms",
  texts: "sms",
  whatsapp: "whatsapp",
  whatsapps: "whatsapp",
};
const SENT_BY = new Set([...Object.keys(CHANNEL_WORDS), "email", "e-mail", "mail"]);
const BY = new Set(["on", "by", "via", "through", "over"]);
const CHANNEL_NOUNS = new Set(["message", "messages", "campaign", "campaigns", "text", "texts", "blast", "blasts"]);
const CHANNEL_NAMES: Record<Channel, string> = { email: "email", sms: "SMS", whatsapp: "WhatsApp" };
const LATEST = [["last"], ["latest"], ["most", "recent"], ["previous"], ["recent"], ["newest"]];

/** Engagement conditions in the clause. */
export function recognizeEngagement(context: ClauseContext): Draft[] {
  const { clause } = context;
  const drafts: Draft[] = [];
  for (let i = 0; i < clause.length; i++) {
    if (!clause.isFree(i)) continue;
    const verb = VERBS.find(([words]) => words.every((w, k) => clause.isFree(i + k) && clause.norm(i + k) === w));
    if (!verb) continue;
    // "opened the app" is the team's own event when it has one by that name.
    const event = matchEvents(clause, context.lexicon).find((m) => m.score >= 1 && m.tokens.includes(i));
    if (event) continue;
    const after = i + verb[0].length;
    const target = readTarget(context, after);
    if (target === "none-sent") {
      context.problems.push(
        `"${quoteSpan(context.prompt, clause.tokens.slice(i, after + 3))}": no campaign has been sent yet, so there is no last campaign`,
      );
      clause.mark(i, after);
      continue;
    }
    if (target === "ambiguous") continue;
    // "got a refund", "read the docs": these verbs are about a campaign only when one is named.
    if (!target && WEAK_VERBS.has(verb[0].join(" "))) continue;
    if (target?.channel && target.campaignIds?.length === 0) {
      context.problems.push(
        `"${quoteSpan(context.prompt, clause.tokens.slice(i, target.to))}": no ${CHANNEL_NAMES[target.channel]} campaign has been sent yet`,
      );
      clause.mark(i, target.to);
      continue;
    }
    clause.mark(i, target?.to ?? after);
    let time = takeTime(context);
    // "engaged contacts": opened or clicked lately, 30 days unless a period is said.
    if (!time && !target && verb[0].join(" ") === "engaged") {
      time = { type: "last_days", days: ENGAGED_DAYS };
      context.notes.push(
        `Read "engaged" as opened or clicked any campaign in the last ${ENGAGED_DAYS} days; say another period to change it.`,
      );
    }
    if (target?.channel)
      context.notes.push(
        `Read "${quoteSpan(context.prompt, clause.tokens.slice(i, target.to))}" as any of the ${CHANNEL_NAMES[target.channel]} campaigns sent.`,
      );
    drafts.push({
      kind: "engagement",
      actions: verb[1],
      campaignId: target?.campaignId ?? null,
      campaignIds: target?.campaignIds,
      time,
      negated: false,
      at: i,
      sameCampaign: target?.sameCampaign,
    });
    if (target?.named && wordsOf(target.named.typed).join(" ") !== wordsOf(target.named.name).join(" "))
      context.notes.push(`Read "${target.named.typed}" as the campaign "${target.named.name}".`);
    i = (target?.to ?? after) - 1;
  }
  // "received Black Friday but not the newsletter": a campaign named alone takes the verb of the clause before.
  if (drafts.length === 0 && context.previousActions) {
    for (let i = 0; i < clause.length; i++) {
      if (!clause.isFree(i) || SKIP.has(clause.norm(i))) continue;
      const target = readTarget(context, i);
      if (!target || typeof target !== "object" || !target.named) continue;
      clause.mark(i, target.to);
      drafts.push({
        kind: "engagement",
        actions: context.previousActions,
        campaignId: target.campaignId,
        time: takeTime(context),
        negated: false,
        at: i,
      });
      i = target.to - 1;
    }
  }
  return drafts;
}

type Target = {
  campaignId: string | null;
  to: number;
  named?: { typed: string; name: string };
  sameCampaign?: boolean;
  channel?: Channel;
  campaignIds?: string[];
};

function readTarget(context: ClauseContext, from: number): Target | "none-sent" | "ambiguous" | undefined {
  const { clause, lexicon } = context;
  let i = from;
  while (clause.isFree(i) && SKIP.has(clause.norm(i))) i++;
  const latest = LATEST.find((words) => words.every((w, k) => clause.isFree(i + k) && clause.norm(i + k) === w));
  if (latest && KINDS.has(clause.norm(i + latest.length))) {
    const last = lexicon.campaigns.filter((c) => c.sentAt).sort((a, b) => b.sentAt!.localeCompare(a.sentAt!))[0];
    if (!last) return "none-sent";
    context.notes.push(
      `Read "the ${latest.join(" ")} ${clause.norm(i + latest.length)}" as "${last.name}", the campaign sent most recently.`,
    );
    return { campaignId: last.id, to: i + latest.length + 1 };
  }
  const named = campaignAt(clause, i, lexicon.campaigns);
  if (named === "ambiguous") {
    context.problems.push(
      `"${quoteSpan(context.prompt, clause.tokens.slice(i, i + 3))}" could be more than one campaign: use its full name`,
    );
    return "ambiguous";
  }
  if (named) {
    let to = KINDS.has(clause.norm(named.to)) ? named.to + 1 : named.to;
    // "on WhatsApp", "by SMS": how it was sent, which the campaign already says.
    if (BY.has(clause.norm(to)) && SENT_BY.has(clause.norm(to + 1)) && clause.isFree(to + 1)) to += 2;
    return {
      campaignId: named.campaign.id,
      to,
      named: { typed: quoteSpan(context.prompt, clause.tokens.slice(i, named.to)), name: named.campaign.name },
    };
  }
  const channel = CHANNEL_WORDS[clause.norm(i)];
  if (channel) {
    // "any SMS", "a WhatsApp message", "any text": each campaign sent on that channel.
    let to = i + 1;
    while (clause.isFree(to) && CHANNEL_NOUNS.has(clause.norm(to))) to++;
    const campaignIds = lexicon.campaigns
      .filter((c) => c.sentAt && (c.channel ?? "email") === channel)
      .map((c) => c.id);
    return { campaignId: null, to, channel, campaignIds };
  }
  if (ANY.has(clause.norm(i))) {
    // "a link in the November Newsletter", "an email from Black Friday": the campaign it belongs to.
    let j = i + 1;
    while (clause.isFree(j) && SKIP.has(clause.norm(j))) j++;
    if (j > i + 1) {
      const inside = readTarget(context, j);
      if (inside && typeof inside === "object" && inside.campaignId !== null) return inside;
    }
    return { campaignId: null, to: i + 1 };
  }
  // Only as the last word: "never opened it", not "opened this campaign".
  if (PRONOUNS.has(clause.norm(i)) && i + 1 === clause.length)
    return { campaignId: null, to: i + 1, sameCampaign: true };
  return undefined;
}

/**
 * A campaign named at token i, in full or by enough of its words in order
 * ("Black Friday" for "Black Friday Sale": at least half of them, and two if it has more).
 */
function campaignAt(clause: Clause, i: number, campaigns: NamedEntry<VocabularyCampaign>[]) {
  const token = clause.tokens[i];
  if (token?.kind === "quoted") {
    const exact = campaigns.find((c) => c.name.toLowerCase() === token.norm);
    return exact ? { campaign: exact, to: i + 1 } : undefined;
  }
  let best: { campaign: NamedEntry<VocabularyCampaign>; to: number; length: number }[] = [];
  for (const campaign of campaigns) {
    const words = campaign.forms[0]!;
    for (let start = 0; start < words.length; start++) {
      for (let length = words.length - start; length >= 1; length--) {
        if (length < Math.ceil(words.length / 2) || (words.length > 2 && length < 2)) continue;
        const matched = clause.matchWords(i, words.slice(start, start + length));
        if (matched === 0) continue;
        const score = length / words.length + length;
        if (!best[0] || score > best[0].length) best = [{ campaign, to: i + matched, length: score }];
        else if (score === best[0].length && best[0].campaign !== campaign)
          best.push({ campaign, to: i + matched, length: score });
      }
    }
  }
  if (best.length > 1) return "ambiguous" as const;
  return best[0];
}
