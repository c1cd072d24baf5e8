import { type RawBuilder, sql } from "kysely";
import type { AttributeCondition, Comparison, FieldCondition, FilterWindow } from "#shared/segments/filter/schema.ts";

/*
 * Comparisons of one value: a contact field, a key of contacts.attributes, or a
 * key of events.properties. Every expression here is true or false, never NULL,
 * so that NOT around it (not_equals, "not in segment") keeps its plain meaning.
 */

export type Condition = RawBuilder<boolean>;

export const TRUE: Condition = sql<boolean>`true`;
export const FALSE: Condition = sql<boolean>`false`;

/**
 * The moment "the last N days" and "within the last N days" end at: the
 * statement's time, unless a caller evaluates the filter as of a moment it
 * names (a journey's window sweep, which must judge a boundary and the filter
 * by one clock).
 */
export type Moment = RawBuilder<unknown>;

/** The statement's time, or `now` when given. */
export function momentOf(now?: Date): Moment {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

const STATEMENT_TIME = momentOf();

const COLUMNS = { name: sql`c.name`, email: sql`c.email`, phone: sql`c.phone`, createdAt: sql`c.created_at` } as const;

export function compileField(condition: FieldCondition, now: Moment = STATEMENT_TIME): Condition {
  const column = COLUMNS[condition.field];
  if (condition.field === "createdAt") return compileTime(column, condition, now) ?? FALSE;
  // Text fields compare without regard to case, in every script, as the Contacts page search does.
  switch (condition.operator) {
    case "equals":
      return sql<boolean>`coalesce(murmur_lower(${column}) = murmur_lower(${String(condition.value)}), false)`;
    case "not_equals":
      return sql<boolean>`coalesce(murmur_lower(${column}) <> murmur_lower(${String(condition.value)}), true)`;
    case "contains":
      return likeInAnyCase(column, `%${escapeLike(condition.value)}%`);
    case "starts_with":
      return likeInAnyCase(column, `${escapeLike(condition.value)}%`);
    case "ends_with":
      return likeInAnyCase(column, `%${escapeLike(condition.value)}`);
    case "exists":
      return sql<boolean>`coalesce(${column} <> '', false)`;
    case "not_exists":
      return sql<boolean>`coalesce(${column} = '', true)`;
    case "in_list":
      return sql<boolean>`coalesce(murmur_lower(${column}) = any(select murmur_lower(unnest(${condition.value.map(String)}::text[]))), false)`;
    default:
      // The schema only lets text operators reach a text field.
      return FALSE;
  }
}

/** A key of contacts.attributes. */
export function compileAttribute(condition: AttributeCondition, now: Moment = STATEMENT_TIME): Condition {
  const test = compileJsonKey(sql`c.attributes`, condition.key, condition, now);
  // contacts_attributes_idx leaves out contacts without attributes; the planner uses
  // it only for a query that says so. (Containment is false for them anyway.)
  return condition.operator === "equals" ? sql<boolean>`(c.attributes <> '{}'::jsonb and ${test})` : test;
}

/** A key of a JSON object column (contact attributes, event properties). */
export function compileJsonKey(
  column: RawBuilder<unknown>,
  key: string,
  condition: Comparison,
  now: Moment = STATEMENT_TIME,
): Condition {
  const text = sql`(${column} ->> ${key})`;
  switch (condition.operator) {
    case "equals":
      return jsonEquals(column, key, condition.value);
    case "not_equals":
      return sql<boolean>`not (${jsonEquals(column, key, condition.value)})`;
    case "contains":
      return likeInAnyCase(text, `%${escapeLike(condition.value)}%`);
    case "starts_with":
      return likeInAnyCase(text, `${escapeLike(condition.value)}%`);
    case "ends_with":
      return likeInAnyCase(text, `%${escapeLike(condition.value)}`);
    case "exists":
      return sql<boolean>`coalesce(jsonb_typeof(${column} -> ${key}) <> 'null', false)`;
    case "not_exists":
      return sql<boolean>`coalesce(jsonb_typeof(${column} -> ${key}) = 'null', true)`;
    case "greater_than":
      return sql<boolean>`coalesce(murmur_try_numeric(${text}) > ${condition.value}, false)`;
    case "less_than":
      return sql<boolean>`coalesce(murmur_try_numeric(${text}) < ${condition.value}, false)`;
    case "in_list":
      return sql<boolean>`coalesce(${text} = any(${condition.value.map(String)}::text[]), false)`;
    default:
      return compileTime(sql`murmur_try_timestamptz(${text})`, condition, now) ?? FALSE;
  }
}

/**
 * Whether `text` matches the LIKE `pattern` without regard to case, in every script:
 * ilike and lower() follow the database's collation, which under the C locale (the
 * embedded server's) folds ASCII letters only, so "élodie" did not find "ÉLODIE".
 */
function likeInAnyCase(text: RawBuilder<unknown>, pattern: string): Condition {
  return sql<boolean>`coalesce(murmur_lower(${text}) like murmur_lower(${pattern}), false)`;
}

/**
 * Equality by containment (`@>`), which a GIN index on the column answers for any
 * key. A number or true/false also matches the same value stored as text, and
 * numeric text the number, since imports bring text and identify calls bring JSON.
 */
function jsonEquals(column: RawBuilder<unknown>, key: string, value: string | number | boolean): Condition {
  const forms: unknown[] = [value];
  if (typeof value !== "string") forms.push(String(value));
  else if (value.trim() !== "" && Number.isFinite(Number(value))) forms.push(Number(value));
  else if (value === "true" || value === "false") forms.push(value === "true");
  // The JSON columns compared here are NOT NULL, so containment is never NULL either
  // (and a coalesce around it would keep the index out of the plan).
  const tests = forms.map((form) => sql<boolean>`${column} @> ${JSON.stringify({ [key]: form })}::jsonb`);
  return tests.length === 1 ? tests[0]! : sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/** before / after / within the last N days of a time, or undefined for any other operator. */
function compileTime(column: RawBuilder<unknown>, condition: Comparison, now: Moment): Condition | undefined {
  switch (condition.operator) {
    case "before":
      return sql<boolean>`coalesce(${column} < ${startOf(condition.value)}::timestamptz, false)`;
    case "after":
      return sql<boolean>`coalesce(${column} >= ${endOf(condition.value)}::timestamptz, false)`;
    case "within_last_days":
      // A time in the future (a renewal date) is not within the last days.
      return sql<boolean>`coalesce(${column} between ${now} - make_interval(days => ${condition.value}) and ${now}, false)`;
    default:
      return undefined;
  }
}

/** The time condition of a window over a timestamp column (events, deliveries, opens, clicks). */
export function compileWindow(
  column: RawBuilder<unknown>,
  window: FilterWindow,
  now: Moment = STATEMENT_TIME,
): Condition {
  switch (window.type) {
    case "any_time":
      return TRUE;
    case "last_days":
      return sql<boolean>`${column} >= ${now} - make_interval(days => ${window.days})`;
    case "between":
      return sql<boolean>`${column} >= ${startOf(window.from)}::timestamptz and ${column} < ${endOf(window.to)}::timestamptz`;
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date names a whole day (in UTC): "before 2026-01-31" is before that day
 * starts, "after" and "between ... and 2026-01-31" reach past its end. A time
 * with an offset is that instant.
 */
export function startOf(value: string): string {
  return DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value;
}

export function endOf(value: string): string {
  if (!DATE_ONLY.test(value)) return value;
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
