import { type RawBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { engagementSources } from "#server/segments/filter/engagement-sources.ts";
import { filterContacts } from "#server/segments/filter/query.ts";
import { storedFilter } from "#server/segments/filter/references.ts";
import { enterJourneys } from "./enter.ts";
import { parseSourceKey, type WindowSource } from "./filter-window-sources.ts";
import { FIRST_CONTACT_ID } from "./filter-window-sync.ts";
import { teamJourneys } from "./team-journeys.ts";

/** Rows (events, opens, ...) one sweep batch reads at most, so a batch's work is bounded whatever the backlog. */
export const WINDOW_BATCH_SIZE = 500;

/**
 * The longest a source goes unchecked. Newly written rows leave their window N days
 * after now, later than any moment already known, so the next check stays right for
 * them; only a row written with an old time (a backfilled event) can leave sooner, and
 * is found at most this long after.
 */
export const WINDOW_RECHECK_MAX_MS = 10 * 60_000;

type WindowRow = { journeyId: string; source: string; teamId: string; sweptAt: Date; sweptContactId: string };

/**
 * One batch of the window sweep, in one transaction: takes one source of one journey
 * whose next check is due (`for update skip locked`, so workers never share one),
 * reads up to `limit` of the rows that left its window since the last batch (in
 * (time, contact) order, through the activity table's index for the team, name or
 * kind, and time), evaluates the journey's segment filter as of `now` for those rows'
 * contacts only, and enters those it now selects, under enterJourneys' re-entry rule
 * and lock (never while still inside). Then it records how far it got and when the
 * next row leaves the window, so nothing is read again and an idle source costs no
 * read until then. Returns the journey and how many rows it read and contacts it
 * entered, or null when no source was due.
 */
export async function sweepEntryWindowBatch(
  db: Database,
  options: { now: Date; limit?: number },
): Promise<{ journeyId: string; read: number; entered: number } | null> {
  const limit = options.limit ?? WINDOW_BATCH_SIZE;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<WindowRow>`
      select journey_id as "journeyId", source, team_id as "teamId", swept_at as "sweptAt",
        swept_contact_id as "sweptContactId"
      from journey_entry_windows where next_check_at <= ${now}
      order by next_check_at limit 1 for update skip locked`.execute(trx);
    const window = rows[0];
    if (!window) return null;
    const source = parseSourceKey(window.source);
    if (!source) {
      await sql`delete from journey_entry_windows where journey_id = ${window.journeyId} and source = ${window.source}`.execute(
        trx,
      );
      return { journeyId: window.journeyId, read: 0, entered: 0 };
    }
    const since = sql`${window.sweptAt.toISOString()}::timestamptz`;
    const before = sql`${now} - make_interval(days => ${source.days})`;
    const { rows: left } = await sql<{ contactId: string; at: Date }>`
      select r.contact_id as "contactId", r.at from (${rowsOf(source, window.teamId)}) r
      where r.at >= ${since} and (r.at, r.contact_id) > (${since}, ${window.sweptContactId}::uuid) and r.at < ${before}
      order by r.at, r.contact_id limit ${limit}`.execute(trx);
    const entered = await enterDriftedIn(trx, window, [...new Set(left.map((row) => row.contactId))], options.now);
    const last = left.at(-1);
    if (left.length === limit && last) {
      await moveWindow(trx, window, sql`${last.at.toISOString()}::timestamptz`, last.contactId, now);
    } else {
      // A row at exactly `before` is still inside "the last N days" (>=): it leaves just after.
      const { rows: next } = await sql<{ at: Date | null }>`
        select min(r.at) + make_interval(days => ${source.days}) + interval '1 millisecond' as at
        from (${rowsOf(source, window.teamId)}) r where r.at >= ${before}`.execute(trx);
      const latest = new Date(options.now.getTime() + WINDOW_RECHECK_MAX_MS);
      const nextAt = next[0]?.at && next[0].at < latest ? next[0].at : latest;
      await moveWindow(trx, window, before, FIRST_CONTACT_ID, sql`${nextAt.toISOString()}::timestamptz`);
    }
    return { journeyId: window.journeyId, read: left.length, entered };
  });
}

/** The rows of a source as (contact_id, at), scoped to the team, in a shape each table's index answers by time. */
function rowsOf(source: WindowSource, teamId: string): RawBuilder<unknown> {
  switch (source.kind) {
    case "event":
      return sql`select e.contact_id, e.occurred_at as at from events e
        where e.team_id = ${teamId} and e.name = ${source.event} and e.contact_id is not null`;
    case "engagement":
      if (source.action === "received")
        return sql`select d.contact_id, d.sent_at as at from deliveries d where d.status = 'sent' and d.team_id = ${teamId}`;
      return engagementSources[source.action](teamId);
    case "created":
      return sql`select c.id as contact_id, c.created_at as at from contacts c where c.team_id = ${teamId}`;
  }
}

async function enterDriftedIn(trx: Database, window: WindowRow, contactIds: string[], now: Date): Promise<number> {
  if (contactIds.length === 0) return 0;
  const { live } = await teamJourneys(trx, window.teamId);
  const journey = live.find((j) => j.id === window.journeyId);
  const entry = journey?.version.definition.entry;
  // Paused or stopped since it was taken: nobody enters (the sync moves a paused journey's rows on).
  if (!journey || entry?.type !== "segment") return 0;
  const segment = await trx
    .selectFrom("segments")
    .select("filter")
    .where("teamId", "=", window.teamId)
    .where("id", "=", entry.segmentId)
    .where("kind", "=", "filter")
    .executeTakeFirst();
  const filter = segment ? storedFilter(segment.filter) : null;
  if (!filter) return 0;
  let matching: { id: string }[];
  try {
    const query = await filterContacts(trx, { teamId: window.teamId, filter, stored: true, now });
    matching = await query.where("c.id", "in", contactIds).select("c.id").execute();
  } catch (error) {
    // A filter too large to compile selects nobody, here as on the segment's page.
    if (error instanceof AppError) return 0;
    throw error;
  }
  return enterJourneys(
    trx,
    matching.map(({ id }) => ({ journey, contactId: id, messageId: null, properties: {}, notWhileInside: true })),
  );
}

function moveWindow(
  trx: Database,
  window: WindowRow,
  sweptAt: RawBuilder<unknown>,
  contactId: string,
  nextCheckAt: RawBuilder<unknown>,
) {
  return sql`update journey_entry_windows
    set swept_at = ${sweptAt}, swept_contact_id = ${contactId}::uuid, next_check_at = ${nextCheckAt}
    where journey_id = ${window.journeyId} and source = ${window.source}`.execute(trx);
}
