import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { NotificationKind } from "#shared/notifications/kinds.ts";

export type TeamEvent = {
  teamId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** Where it happened, a path inside the app such as `/dashboard/imports/<id>`. */
  linkPath: string;
  /**
   * Names the event, not the attempt: a retried job that tells the same event again
   * gives the same key, and nobody is notified twice.
   */
  dedupeKey: string;
  /** Someone of the team not to tell (the person who did the thing). */
  exceptUserId?: string;
};

/**
 * Tells every member of each event's team who has not turned its kind off, all
 * events in one statement. Idempotent per (team, dedupeKey). Returns how many
 * notifications it added this time (0 when everyone had them already or turned
 * the kind off).
 */
export async function notifyTeams(db: Database, events: readonly TeamEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const column = <K extends keyof TeamEvent>(key: K) => events.map((event) => event[key] ?? "");
  const except = events.map((event) => event.exceptUserId ?? null);
  const { rows } = await sql<{ userId: string }>`
    insert into notifications (team_id, user_id, kind, title, body, link_path, dedupe_key)
    select e.team_id, m.user_id, e.kind, e.title, e.body, e.link_path, e.dedupe_key
    from unnest(${column("teamId")}::uuid[], ${column("kind")}::text[], ${column("title")}::text[],
      ${column("body")}::text[], ${column("linkPath")}::text[], ${column("dedupeKey")}::text[], ${except}::uuid[])
      as e(team_id, kind, title, body, link_path, dedupe_key, except_user_id)
    join team_members m on m.team_id = e.team_id
    left join notification_preferences p on p.user_id = m.user_id
    where m.user_id is distinct from e.except_user_id
      and not (e.kind = any(coalesce(p.muted_kinds, '{}'::text[])))
    on conflict (team_id, user_id, dedupe_key) do nothing
    returning user_id`.execute(db);
  return rows.length;
}

/** One event: see `notifyTeams`. */
export function notifyTeam(db: Database, event: TeamEvent): Promise<number> {
  return notifyTeams(db, [event]);
}

/** The start of the hour `now` falls in, for keys that allow one notification an hour. */
export function hourOf(now: Date): string {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
}
