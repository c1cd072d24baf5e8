import { type ClauseContext, takeTime, valueAt } from "./context.ts";
import type { Draft } from "./drafts.ts";
import { quoteSpan } from "./tokens.ts";

/*
 * Activity words, each read to one stated meaning that the explanation says
 * and the marketer can edit:
 * - "active" (this week, in the last 7 days): any event of any kind in the
 *   window, the last 30 days when none is said;
 * - "inactive", "dormant", "no activity" (for 30 days): no event of any kind in
 *   the window; 30 days when none is said, 90 for "dormant";
 * - "new users", "new signups" (this month): contacts created in the window.
 * "Engaged" (opened or clicked) is read with the other engagement words.
 */

const ACTIVE: Record<string, { active: boolean; days: number }> = {
  active: { active: true, days: 30 },
  activity: { active: true, days: 30 },
  inactive: { active: false, days: 30 },
  inactivity: { active: false, days: 30 },
  dormant: { active: false, days: 90 },
};

const NEWCOMERS = new Set([
  "signups",
  "signup",
  "users",
  "user",
  "customers",
  "customer",
  "contacts",
  "contact",
  "members",
  "subscribers",
  "people",
  "accounts",
  "shoppers",
  "registrations",
  "joiners",
]);

/** "Active", "inactive", "dormant": any or no event in a window, over the team's event names. */
export function recognizeActivity(context: ClauseContext): Draft[] {
  const { clause, lexicon } = context;
  for (let i = 0; i < clause.length; i++) {
    const meaning = clause.isFree(i) ? ACTIVE[clause.norm(i)] : undefined;
    if (!meaning) continue;
    const typed = quoteSpan(context.prompt, clause.tokens.slice(i, i + 1));
    // A team whose contacts carry "status: active" may mean that: both readings are offered.
    const attribute = lexicon.attributes.find((a) => a.values.some((v) => valueAt(clause, i, v) > 0));
    if (attribute) {
      const k = context.readings.choose(`activity@${clause.tokens[i]!.start}`, typed, [
        `${meaning.active ? "any" : "no"} event in the last ${meaning.days} days`,
        `the attribute "${attribute.key}"`,
      ]);
      if (k === 1) return [];
    }
    clause.mark(i, i + 1);
    if (lexicon.events.length === 0) {
      context.problems.push(`"${typed}": no events have been recorded for this team, so activity cannot be told`);
      return [];
    }
    const time = takeTime(context);
    if (!time)
      context.notes.push(
        `Read "${typed}" as ${meaning.active ? "any" : "no"} event of any kind in the last ${meaning.days} days; say another period to change it.`,
      );
    else context.notes.push(`Read "${typed}" as ${meaning.active ? "any" : "no"} event of any kind in that period.`);
    return [
      {
        kind: "activity",
        events: lexicon.events.map((e) => e.name),
        time: time ?? { type: "last_days", days: meaning.days },
        negated: !meaning.active,
        at: i,
      },
    ];
  }
  return [];
}

/** "New signups this month", "new users in the last 7 days": contacts created in the window. */
export function recognizeNewcomers(context: ClauseContext): Draft[] {
  const { clause } = context;
  for (let i = 0; i + 1 < clause.length; i++) {
    if (!clause.isFree(i) || !clause.isFree(i + 1) || clause.norm(i) !== "new" || !NEWCOMERS.has(clause.norm(i + 1)))
      continue;
    clause.mark(i, i + 2);
    const typed = quoteSpan(context.prompt, clause.tokens.slice(i, i + 2));
    const time = takeTime(context);
    if (!time) {
      context.problems.push(`"${typed}" without a time: say when, for example "${typed} in the last 30 days"`);
      return [];
    }
    context.notes.push(`Read "${typed}" as contacts created in that period.`);
    return [{ kind: "created", time, negated: false, at: i }];
  }
  return [];
}
