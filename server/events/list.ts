import { sql, type RawBuilder } from "kysely";
import type { Database } from "#db/database.ts";
import { type Cursor, decodeCursor, encodeCursor } from "#server/keyset-cursor.ts";

export const EVENTS_PAGE_SIZE = 50;

/**
 * What the Events page and its export filter by. `search` matches event names
 * containing it (any case) and user ids equal to it; `from` and `to` are days
 * (YYYY-MM-DD, both included) in the team's time zone.
 */
export type EventFilter = {
  teamId: string;
  timeZone: string;
  search?: string;
  name?: string;
  from?: string;
  to?: string;
};

export type EventRow = {
  id: string;
  type: string;
  name: string | null;
  userId: string | null;
  anonymousId: string | null;
  contactId: string | null;
  properties: unknown;
  context: unknown;
  messageId: string;
  occurredAt: Date;
  receivedAt: Date;
};

/**
 * One page of a team's events, newest first, by keyset (`after` is the previous
 * page's nextCursor; the cursor keeps (occurred_at, id) like the contacts list).
 * Each branch reads an index in order: (team, time) without a name, (team, name,
 * time) per matching name, and for the user id match the user's contact's
 * events by (contact, name, time) and its unclaimed ones by (team, user id, time).
 */
export async function listEvents(
  db: Database,
  options: EventFilter & { after?: string | null; limit?: number },
): Promise<{ events: EventRow[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? EVENTS_PAGE_SIZE, 1), 5000);
  const after = options.after ? decodeCursor(options.after) : null;
  return eventsPage(await selectEvents(db, options, after, limit + 1), limit);
}

/** A row as read by EVENT_COLUMNS: the time also as PostgreSQL's text, for the cursor. */
export type SelectedRow = EventRow & { occurredAtText: string };

/** Up to `limit` rows of one more read, and the cursor after them when there was that one more. */
export function eventsPage(rows: SelectedRow[], limit: number): { events: EventRow[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(({ occurredAtText: _, ...row }) => row),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.occurredAtText, id: last.id }) : null,
  };
}

export const EVENT_COLUMNS = sql`id, type, name, user_id, anonymous_id, contact_id, properties, context, message_id, occurred_at, received_at,
  occurred_at::text as occurred_at_text`;

async function selectEvents(
  db: Database,
  filter: EventFilter,
  after: Cursor | null,
  limit: number,
): Promise<SelectedRow[]> {
  const where = commonConditions(filter, after);
  const search = filter.search?.trim();
  if (!search) {
    const byName = filter.name ? sql` and name = ${filter.name}` : sql``;
    const { rows } = await sql<SelectedRow>`
      select ${EVENT_COLUMNS} from events where ${where}${byName}
      order by occurred_at desc, id desc limit ${limit}
    `.execute(db);
    return rows;
  }
  const names = await matchingNames(db, filter.teamId, search, filter.name);
  // One ordered, limited read per matching name and those for the user id, merged.
  const { rows } = await sql<SelectedRow>`
    select * from (
      select x.* from unnest(${names}::text[]) as n(name)
      cross join lateral (
        select ${EVENT_COLUMNS} from events where ${where} and name = n.name
        order by occurred_at desc, id desc limit ${limit}
      ) x
      union
      ${userIdMatches(filter, where, search, limit)}
    ) matches
    order by occurred_at desc, id desc limit ${limit}
  `.execute(db);
  return rows;
}

/**
 * The events of user id `userId`, a page at most from each index read, unordered.
 * Only events still waiting for their contact are indexed by user id
 * (decision 010): an event attached to a contact has the contact's external id
 * as its user id, so those are read through the contact, from the (contact,
 * name, time) index a page per name of the team (and one for nameless identify
 * calls), as the contact timeline does.
 */
function userIdMatches(
  filter: EventFilter,
  where: RawBuilder<unknown>,
  userId: string,
  limit: number,
): RawBuilder<unknown> {
  const page = sql`order by occurred_at desc, id desc limit ${limit}`;
  const contact = sql`(select c.id from contacts c where c.team_id = ${filter.teamId} and c.external_id = ${userId})`;
  const unclaimed = sql`(select ${EVENT_COLUMNS} from events where ${where} and contact_id is null and user_id = ${userId}
    ${filter.name ? sql`and name = ${filter.name}` : sql``} ${page})`;
  const named = sql`(select x.* from event_names n
    cross join lateral (
      select ${EVENT_COLUMNS} from events
      where ${where} and contact_id = ${contact} and name = n.name and user_id = ${userId} ${page}
    ) x
    where n.team_id = ${filter.teamId}${filter.name ? sql` and n.name = ${filter.name}` : sql``})`;
  if (filter.name) return sql`${unclaimed} union ${named}`;
  const nameless = sql`(select ${EVENT_COLUMNS} from events
    where ${where} and contact_id = ${contact} and name is null and user_id = ${userId} ${page})`;
  return sql`${unclaimed} union ${named} union ${nameless}`;
}

/** The team's event names containing `search`, case-insensitively (within the name filter, if any). */
async function matchingNames(db: Database, teamId: string, search: string, only?: string): Promise<string[]> {
  let query = db
    .selectFrom("eventNames")
    .select("name")
    .where("teamId", "=", teamId)
    .where(sql<boolean>`strpos(murmur_lower(name), murmur_lower(${search})) > 0`);
  if (only) query = query.where("name", "=", only);
  return (await query.execute()).map((r) => r.name);
}

function commonConditions(filter: EventFilter, after: Cursor | null): RawBuilder<unknown> {
  const parts = [sql`team_id = ${filter.teamId}`];
  if (filter.from) parts.push(sql`occurred_at >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`);
  if (filter.to) parts.push(sql`occurred_at < ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`);
  if (after) parts.push(sql`(occurred_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  return sql.join(parts, sql` and `);
}

/** The team's event names, alphabetically, for the name filter. */
export async function listEventNames(db: Database, options: { teamId: string }): Promise<string[]> {
  const rows = await db
    .selectFrom("eventNames")
    .select("name")
    .where("teamId", "=", options.teamId)
    .orderBy("name")
    .execute();
  return rows.map((r) => r.name);
}

/**
 * The newest event that has happened (not a future-dated one), as a cursor-like
 * key: the live feed compares it with the top of the page to know when to reload.
 */
export async function newestEventKey(db: Database, options: { teamId: string }): Promise<string | null> {
  const row = await db
    .selectFrom("events")
    .select(["id", sql<string>`occurred_at::text`.as("occurredAtText")])
    .where("teamId", "=", options.teamId)
    .where("occurredAt", "<=", sql<Date>`now()`)
    .orderBy("occurredAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? encodeCursor({ createdAt: row.occurredAtText, id: row.id }) : null;
}
