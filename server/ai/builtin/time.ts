import * as chrono from "chrono-node";
import type { Clause } from "./clause.ts";
import { NUMBER_WORD_PATTERN, numberOf } from "./words.ts";

/*
 * When: "in the last 30 days", "this week", "yesterday", "since March",
 * "between 1 May and 10 June". Days are the team's: `now` here is its wall
 * clock in UTC fields (clock.ts), so UTC arithmetic gives its days. Rolling windows ("the last
 * 30 days") stay rolling so a saved segment keeps meaning the same thing;
 * named periods ("this week", "in March") become dates.
 */

/** A rolling window, or a range of whole UTC days (an open end reaches the beginning of time or now). */
export type TimeSpec = { type: "last_days"; days: number } | { type: "range"; from: string | null; to: string | null };

export type FoundTime = { spec: TimeSpec; from: number; to: number; text: string };
export type VagueTime = { vague: true; from: number; to: number; text: string };

const UNIT_DAYS: Record<string, number> = {
  hour: 1,
  day: 1,
  week: 7,
  fortnight: 14,
  month: 30,
  year: 365,
  quarter: 91,
};
const N = NUMBER_WORD_PATTERN;
const UNIT = "(hour|day|week|fortnight|month|quarter|year)s?";
const QUARTERS: Record<string, number> = {
  q1: 1,
  q2: 2,
  q3: 3,
  q4: 4,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  last: 4,
};

type Reading = { spec: TimeSpec; used?: string };
type Rule = { pattern: RegExp; read: (m: RegExpMatchArray, now: Date) => Reading | TimeSpec | undefined };

const ENDS_BEFORE = new Set(["before", "until", "till", "through", "by"]);

const RULES: Rule[] = [
  {
    // "between 1 May and 10 June", "between March and May"
    pattern: /\bbetween\s+(.+?)\s+(?:and|to)\s+(?=(.+)$)/,
    read: (m, now) => {
      const from = parseDate(m[1]!, now);
      const to = parseDate(m[2]!, now);
      if (!from || !to || from.text.length !== m[1]!.length) return undefined;
      return { spec: { type: "range", from: from.periodStart, to: to.periodEnd }, used: `${m[0]}${to.text}` };
    },
  },
  {
    // "since March", "after 1 June", "before 2026-01-01", "until last friday", "on May 3"
    pattern: /\b(since|after|from|before|until|till|through|by|on)\s+(?=(.+)$)/,
    read: (m, now) => {
      const date = parseDate(m[2]!, now);
      if (!date) return undefined;
      const used = `${m[0]}${date.text}`;
      // "from last month" is that month; "from 3 March" and "since March" run until now.
      if (m[1] === "from" && date.period)
        return { spec: { type: "range", from: date.periodStart, to: minDay(date.periodEnd, toDay(now)) }, used };
      if (m[1] === "since" || m[1] === "from")
        return { spec: { type: "range", from: date.periodStart, to: null }, used };
      if (m[1] === "after") return { spec: { type: "range", from: addDays(date.periodEnd, 1), to: null }, used };
      if (m[1] === "before") return { spec: { type: "range", from: null, to: addDays(date.periodStart, -1) }, used };
      if (ENDS_BEFORE.has(m[1]!)) return { spec: { type: "range", from: null, to: date.periodEnd }, used };
      return { spec: { type: "range", from: date.periodStart, to: date.periodEnd }, used };
    },
  },
  {
    // "in the last 30 days", "over the past week", "within the last 2 months", "in the past day"
    pattern: new RegExp(
      `\\b(?:(?:in|over|during|within|for)\\s+)?the\\s+(?:last|past|previous|prior|recent)\\s+(?:(${N})\\s+)?${UNIT}\\b`,
    ),
    read: (m) => rolling(m[1] ?? "1", m[2]!),
  },
  {
    // "last 30 days", "past 2 weeks" (a number makes it rolling without "the")
    pattern: new RegExp(
      `\\b(?:(?:in|over|during|within|for)\\s+)?(?:last|past|previous|prior)\\s+(${N})\\s+${UNIT}\\b`,
    ),
    read: (m) => rolling(m[1]!, m[2]!),
  },
  {
    // "in 2 weeks", "within 30 days", "for 3 months" (of something that did or did not happen)
    pattern: new RegExp(`\\b(?:in|within|for|over)\\s+(?:a\\s+|an\\s+)?(${N})?\\s*${UNIT}\\b`),
    read: (m) => rolling(m[1] ?? "1", m[2]!),
  },
  {
    // "more than 30 days ago", "3 days ago"
    pattern: new RegExp(`\\b(?:(more than|over|at least|less than|within|under)\\s+)?(${N})\\s+${UNIT}\\s+ago\\b`),
    read: (m, now) => {
      const days = (numberOf(m[2]!) ?? NaN) * (UNIT_DAYS[m[3]!] ?? NaN);
      if (!Number.isFinite(days) || days < 1) return undefined;
      const day = addDays(toDay(now), -days);
      if (m[1] === "more than" || m[1] === "over" || m[1] === "at least")
        return { type: "range", from: null, to: addDays(day, -1) };
      if (m[1]) return { type: "last_days", days };
      return { type: "range", from: day, to: day };
    },
  },
  {
    // "in Q3", "during the third quarter", "Q1 2026": the latest such quarter that has begun, unless a year is said.
    pattern:
      /\b(?:(?:in|during)\s+)?(?:the\s+)?(?:(q[1-4])|(first|second|third|fourth)\s+quarter)(?:\s+(?:of\s+)?(\d{4}))?\b/,
    read: (m, now) => quarterOf(QUARTERS[m[1] ?? m[2]!]!, m[3] ? Number(m[3]) : undefined, now),
  },
  {
    // "today", "yesterday", "this week", "last month" (a named period)
    pattern: /\b(today|yesterday|this\s+(?:week|month|year|quarter)|last\s+(?:week|month|year))\b/,
    read: (m, now) => namedPeriod(m[1]!.replace(/\s+/g, " "), now),
  },
  {
    // "in March", "during 2025", "in October 2026"
    pattern: /\b(?:in|during)\s+(?=(.+)$)/,
    read: (m, now) => {
      const date = parseDate(m[1]!, now);
      if (!date || !date.period) return undefined;
      return {
        spec: { type: "range", from: date.periodStart, to: minDay(date.periodEnd, toDay(now)) },
        used: `${m[0]}${date.text}`,
      };
    },
  },
];

const VAGUE = /\b(recently|lately|recent|a while ago|long ago|a long time ago|some time ago|soon|earlier|newly)\b/;

/**
 * The first time expression in the clause's free words; its tokens are marked used.
 * A vague one ("recently") is returned as such, so it can be reported rather than guessed.
 */
export function findTime(clause: Clause, prompt: string, now: Date): FoundTime | VagueTime | undefined {
  const { text, tokenAt } = clause.textView(prompt);
  for (const rule of RULES) {
    for (const match of text.matchAll(new RegExp(rule.pattern.source, "g"))) {
      const reading = rule.read(match, now);
      if (!reading) continue;
      const { spec, used } = "spec" in reading ? reading : { spec: reading, used: undefined };
      const span = tokenAt(match.index, match.index + (used ?? match[0]).trimEnd().length);
      if (!span || !span.free) continue;
      if (spec.type === "last_days" && (spec.days < 1 || spec.days > 36_500)) continue;
      clause.mark(span.from, span.to);
      return { spec, from: span.from, to: span.to, text: (used ?? match[0]).trim() };
    }
  }
  const vague = VAGUE.exec(text);
  if (vague) {
    const span = tokenAt(vague.index, vague.index + vague[0].length);
    if (span?.free) {
      clause.mark(span.from, span.to);
      return { vague: true, from: span.from, to: span.to, text: vague[0] };
    }
  }
  return undefined;
}

function rolling(count: string, unit: string): TimeSpec | undefined {
  const n = numberOf(count);
  if (n === undefined || !UNIT_DAYS[unit]) return undefined;
  return { type: "last_days", days: Math.max(1, Math.round(n * UNIT_DAYS[unit]!)) };
}

function namedPeriod(name: string, now: Date): TimeSpec {
  const today = toDay(now);
  switch (name) {
    case "today":
      return { type: "range", from: today, to: today };
    case "yesterday": {
      const day = addDays(today, -1);
      return { type: "range", from: day, to: day };
    }
    case "this week":
      return { type: "range", from: startOfWeek(today), to: today };
    case "last week": {
      const start = addDays(startOfWeek(today), -7);
      return { type: "range", from: start, to: addDays(start, 6) };
    }
    case "this month":
      return { type: "range", from: `${today.slice(0, 7)}-01`, to: today };
    case "last month": {
      const first = `${today.slice(0, 7)}-01`;
      const end = addDays(first, -1);
      return { type: "range", from: `${end.slice(0, 7)}-01`, to: end };
    }
    case "this quarter": {
      const month = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
      return { type: "range", from: `${today.slice(0, 4)}-${String(month).padStart(2, "0")}-01`, to: today };
    }
    case "this year":
      return { type: "range", from: `${today.slice(0, 4)}-01-01`, to: today };
    default: {
      const year = Number(today.slice(0, 4)) - 1;
      return { type: "range", from: `${year}-01-01`, to: `${year}-12-31` };
    }
  }
}

function quarterOf(quarter: number, year: number | undefined, now: Date): TimeSpec | undefined {
  const today = toDay(now);
  const thisYear = Number(today.slice(0, 4));
  const begun = Number(today.slice(5, 7)) > (quarter - 1) * 3;
  const y = year ?? (begun ? thisYear : thisYear - 1);
  const from = `${y}-${String((quarter - 1) * 3 + 1).padStart(2, "0")}-01`;
  if (from > today) return undefined;
  const to = addDays(toDay(new Date(Date.UTC(y, quarter * 3, 1))), -1);
  return { type: "range", from, to: minDay(to, today) };
}

type ParsedDate = { periodStart: string; periodEnd: string; period: boolean; text: string };

/**
 * A date at the very start of `text` (chrono-node reads it). A date without a
 * year is the latest one not in the future: in November, "March" is the March
 * just past. A month alone ("March") or a year ("2025") is a period.
 */
function parseDate(text: string, now: Date): ParsedDate | undefined {
  const year = /^(\d{4})\b/.exec(text);
  if (year && !/^\d{4}-\d{2}/.test(text)) {
    const y = Number(year[1]);
    if (y < 1970 || y > 2200) return undefined;
    return { periodStart: `${y}-01-01`, periodEnd: `${y}-12-31`, period: true, text: year[1]! };
  }
  const [result] = chrono.parse(text, { instant: now, timezone: "UTC" });
  if (!result || result.index !== 0) return undefined;
  const start = result.start;
  let date = start.date();
  const hasYear = start.isCertain("year");
  // "Monday" alone is the latest Monday (chrono may give the coming one); "March" the latest March.
  const weekdayOnly = start.isCertain("weekday") && !start.isCertain("day");
  if (weekdayOnly && toDay(date) > toDay(now)) date = new Date(date.getTime() - 7 * 86_400_000);
  else if (!hasYear && date.getTime() > now.getTime()) {
    date = new Date(Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate()));
  }
  const day = toDay(date);
  const monthOnly = start.isCertain("month") && !start.isCertain("day");
  if (monthOnly) {
    const first = `${day.slice(0, 7)}-01`;
    const last = addDays(`${nextMonth(first)}`, -1);
    return { periodStart: first, periodEnd: last, period: true, text: result.text };
  }
  return { periodStart: day, periodEnd: day, period: false, text: result.text };
}

/** YYYY-MM-DD of a moment, in UTC. */
export function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

function startOfWeek(day: string): string {
  // Weeks start on Monday (ISO 8601).
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function nextMonth(first: string): string {
  const date = new Date(`${first}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return toDay(date);
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}
