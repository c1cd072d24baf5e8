import { dayStart, teamClock, today } from "#server/ai/builtin/clock.ts";
import type { Vocabulary } from "#server/ai/types.ts";

/*
 * The system message: what a filter tree is, the team's vocabulary and today's
 * date. The vocabulary holds names and values shared by several contacts, never
 * one contact's data; nothing else about the team is sent.
 */

const GUIDE = `You turn a marketer's description of an audience into a filter over their contacts.
Answer with one JSON object: {"filter": <group>, "unsupported": [<string>, ...]}.

A group is {"type":"group","combinator":"and"|"or","conditions":[...]}; conditions are groups (at most 5 levels deep) or these leaves:
- {"type":"field","field":"name"|"email"|"phone","operator":...,"value":...}; "createdAt" takes "before"/"after" (an ISO date) or "within_last_days" (a number of days).
- {"type":"attribute","key":<attribute key>,"operator":...,"value":...} for the contact's custom attributes.
  Operators: equals, not_equals, contains, starts_with, ends_with, exists, not_exists (no value), greater_than, less_than (numbers), before, after (ISO dates), within_last_days (days), in_list (a list).
- {"type":"event","operator":"performed"|"not_performed","event":<event name>,"frequency":"at_least"|"at_most"|"exactly","times":<n>,"window":<window>,"properties":[{"property":<name>,"operator":...,"value":...}]}
  "never did X" is not_performed at_least 1; "did X at least 3 times" is performed at_least 3.
- {"type":"engagement","operator":"received"|"not_received"|"opened"|"not_opened"|"clicked"|"not_clicked","campaignId":<campaign id or null for any>,"window":<window>}
- {"type":"subscription","operator":"subscribed"|"unsubscribed","channel":"email"|"sms"|"whatsapp"}: "can receive WhatsApp" also needs a phone (field phone exists).
- {"type":"segment","operator":"in"|"not_in","segmentId":<segment id>}
A window is {"type":"any_time"}, {"type":"last_days","days":<n>} or {"type":"between","from":<ISO date>,"to":<ISO date>}.

Rules:
- Use only the attribute keys, values, event names, property names, campaign ids and segment ids listed below, spelled exactly as listed. Match the marketer's words to them by meaning ("purchased" may be an "Order Completed" event).
- Never guess. Whatever part of the description you cannot express with what is listed goes into "unsupported", in plain words (for example "\\"high value\\": no attribute or event says what that is"). If nothing can be expressed, answer an empty group and say why.
- Answer the JSON object only, no prose around it.`;

export function systemMessage(vocabulary: Vocabulary, now: Date, timeZone = "UTC"): string {
  const listed = {
    attributes: vocabulary.attributes.map((a) => ({ key: a.key, kind: a.kind, commonValues: a.values })),
    events: vocabulary.events.map((e) => ({
      name: e.name,
      properties: e.properties.map((p) => ({ name: p.key, kind: p.kind, commonValues: p.values })),
    })),
    campaigns: vocabulary.campaigns.map((c) => ({ id: c.id, name: c.name, sentAt: c.sentAt, channel: c.channel })),
    segments: vocabulary.segments,
    emailDomains: vocabulary.emailDomains,
  };
  const clock = teamClock(now, timeZone);
  const days =
    timeZone === "UTC"
      ? `Today is ${today(clock)} (UTC).`
      : `Today is ${today(clock)} in the team's time zone, ${timeZone}; a day there starts at ${dayStart(today(clock), clock)}. For windows of whole days, give "from" and "to" as such times with that offset ("to" is the start of the day after the last one).`;
  return `${GUIDE}\n\n${days} Campaigns are listed newest first.\n\nThis team's vocabulary:\n${JSON.stringify(listed)}`;
}

export function repairMessage(problems: string[]): string {
  return `That answer cannot be used:\n${problems.map((p) => `- ${p}`).join("\n")}\nAnswer again with the corrected JSON object only.`;
}
