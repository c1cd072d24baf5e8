import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { ValueKind, Vocabulary, VocabularyAttribute, VocabularyProperty } from "./types.ts";

/*
 * The team's vocabulary, from a few cheap reads: the newest contacts and the
 * newest events of each name as a sample, the event names table, and the
 * campaign and segment names. Only values shared by at least MIN_SHARED
 * sampled contacts (or events) are kept: they name groups, not people, which
 * is what lets the vocabulary go to a model without any contact's data.
 */

const CONTACT_SAMPLE = 2000;
const EVENTS_PER_NAME = 100;
const MAX_KEYS = 50;
const MAX_VALUES = 20;
const MAX_EVENTS = 200;
const MAX_NAMED = 100;
const MIN_SHARED = 2;
const VALUE_MAX_LENGTH = 60;

type ValueRow = { key: string; type: string; value: string | null; n: number };

/** The names and common values an interpreter may use for this team. */
export async function buildVocabulary(db: Database, options: { teamId: string }): Promise<Vocabulary> {
  const { teamId } = options;
  const [attributes, events, campaigns, segments, emailDomains] = await Promise.all([
    sampleAttributes(db, teamId),
    sampleEvents(db, teamId),
    db
      .selectFrom("campaigns")
      .select(["id", "name", "type", sql<Date | null>`coalesce(sent_at, started_at)`.as("sentAt")])
      .where("teamId", "=", teamId)
      .orderBy(sql`coalesce(sent_at, started_at, created_at)`, "desc")
      .limit(MAX_NAMED)
      .execute(),
    db
      .selectFrom("segments")
      .select(["id", "name"])
      .where("teamId", "=", teamId)
      .orderBy("createdAt", "desc")
      .limit(MAX_NAMED)
      .execute(),
    sampleEmailDomains(db, teamId),
  ]);
  return {
    attributes,
    events,
    campaigns: campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      sentAt: c.sentAt ? new Date(c.sentAt).toISOString() : null,
      channel: channelOf(c.type),
    })),
    segments,
    emailDomains,
  };
}

async function sampleAttributes(db: Database, teamId: string): Promise<VocabularyAttribute[]> {
  const { rows } = await sql<ValueRow>`
    with sample as (
      select attributes from contacts where team_id = ${teamId} order by created_at desc, id desc limit ${CONTACT_SAMPLE}
    )
    select e.key, jsonb_typeof(e.value) as type, left(e.value #>> '{}', 200) as value, count(*)::int as n
    from sample cross join lateral jsonb_each(sample.attributes) e
    group by 1, 2, 3`.execute(db);
  return summarizeKeys(rows).slice(0, MAX_KEYS);
}

async function sampleEvents(db: Database, teamId: string): Promise<Vocabulary["events"]> {
  const names = await db
    .selectFrom("eventNames")
    .select("name")
    .where("teamId", "=", teamId)
    .orderBy("name")
    .limit(MAX_EVENTS)
    .execute();
  if (names.length === 0) return [];
  const { rows } = await sql<ValueRow & { event: string }>`
    select n.name as event, e.key, jsonb_typeof(e.value) as type, left(e.value #>> '{}', 200) as value, count(*)::int as n
    from unnest(${names.map((n) => n.name)}::text[]) as n(name)
    cross join lateral (
      select ev.properties from events ev
      where ev.team_id = ${teamId} and ev.name = n.name
      order by ev.occurred_at desc limit ${EVENTS_PER_NAME}
    ) p
    cross join lateral jsonb_each(case when jsonb_typeof(p.properties) = 'object' then p.properties else '{}'::jsonb end) e
    group by 1, 2, 3, 4`.execute(db);
  const byEvent = new Map<string, ValueRow[]>();
  for (const row of rows) byEvent.set(row.event, [...(byEvent.get(row.event) ?? []), row]);
  return names.map(({ name }) => ({
    name,
    properties: summarizeKeys(byEvent.get(name) ?? []).slice(0, MAX_KEYS) as VocabularyProperty[],
  }));
}

async function sampleEmailDomains(db: Database, teamId: string): Promise<string[]> {
  const { rows } = await sql<{ domain: string }>`
    with sample as (
      select email from contacts where team_id = ${teamId} and email is not null order by created_at desc, id desc limit ${CONTACT_SAMPLE}
    )
    select lower(split_part(email, '@', 2)) as domain from sample
    group by 1 having count(*) >= ${MIN_SHARED} and lower(split_part(email, '@', 2)) <> ''
    order by count(*) desc, 1 limit ${MAX_VALUES}`.execute(db);
  return rows.map((r) => r.domain);
}

/** Keys by how many samples carry them, each with its kind and its shared values. */
function summarizeKeys(rows: ValueRow[]): VocabularyAttribute[] {
  const keys = new Map<string, { total: number; rows: ValueRow[] }>();
  for (const row of rows) {
    const entry = keys.get(row.key) ?? { total: 0, rows: [] };
    entry.total += row.n;
    entry.rows.push(row);
    keys.set(row.key, entry);
  }
  return [...keys.entries()]
    .sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]))
    .map(([key, entry]) => {
      const kind = kindOf(entry.rows);
      const values = entry.rows
        .filter(
          (r) =>
            r.value !== null &&
            r.n >= MIN_SHARED &&
            r.value.length <= VALUE_MAX_LENGTH &&
            (r.type === "string" || r.type === "boolean"),
        )
        .sort((a, b) => b.n - a.n || String(a.value).localeCompare(String(b.value)))
        .map((r) => r.value!)
        .filter((value, i, all) => all.indexOf(value) === i)
        .slice(0, MAX_VALUES);
      // Numbers and dates are compared, not listed: their values say little and are closest to personal data.
      return { key, kind, values: kind === "number" || kind === "date" ? [] : values };
    });
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The kind most sampled values of a key have, numeric and date text counted as numbers and dates. */
function kindOf(rows: ValueRow[]): ValueKind {
  const tally: Record<ValueKind, number> = { text: 0, number: 0, boolean: 0, date: 0 };
  for (const row of rows) {
    if (row.type === "number") tally.number += row.n;
    else if (row.type === "boolean") tally.boolean += row.n;
    else if (row.type === "string" && row.value !== null) {
      if (NUMERIC.test(row.value.trim())) tally.number += row.n;
      else if (ISO_DATE.test(row.value.trim())) tally.date += row.n;
      else if (row.value === "true" || row.value === "false") tally.boolean += row.n;
      else tally.text += row.n;
    }
  }
  return (Object.entries(tally) as [ValueKind, number][]).sort((a, b) => b[1] - a[1])[0]![0];
}

function channelOf(type: string): "email" | "sms" | "whatsapp" {
  return type === "SMS" ? "sms" : type === "WHATSAPP" ? "whatsapp" : "email";
}
