import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { decodeCursor } from "#server/keyset-cursor.ts";
import { EVENT_COLUMNS, type EventRow, eventsPage, type SelectedRow } from "./list.ts";

export const TIMELINE_PAGE_SIZE = 25;

/**
 * One page of a contact's events, newest first, by keyset (`after` is the
 * previous page's nextCursor). The only index by contact is (contact, name,
 * time), so a busy contact's events are not sorted as a whole: each of the
 * team's event names (and the nameless identify calls) is read newest first
 * from that index, a page at most each, and the pieces are merged.
 */
export async function contactTimeline(
  db: Database,
  options: { teamId: string; contactId: string; after?: string | null; limit?: number },
): Promise<{ events: EventRow[]; nextCursor: string | null }> {
  const { teamId, contactId } = options;
  const limit = Math.min(Math.max(options.limit ?? TIMELINE_PAGE_SIZE, 1), 500);
  const after = options.after ? decodeCursor(options.after) : null;
  const before = after ? sql` and (occurred_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
  const where = sql`contact_id = ${contactId} and team_id = ${teamId}${before}`;
  const { rows } = await sql<SelectedRow>`
    select * from (
      select x.* from event_names n
      cross join lateral (
        select ${EVENT_COLUMNS} from events where ${where} and name = n.name
        order by occurred_at desc, id desc limit ${limit + 1}
      ) x
      where n.team_id = ${teamId}
      union all
      (select ${EVENT_COLUMNS} from events where ${where} and name is null
        order by occurred_at desc, id desc limit ${limit + 1})
    ) merged
    order by occurred_at desc, id desc limit ${limit + 1}
  `.execute(db);
  return eventsPage(rows, limit);
}
