import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { BELL_LATEST } from "#server/notifications/bell.ts";
import { UNREAD_CAP } from "#server/notifications/live-unread.ts";

/** A notification as the bell lists it, its time as an ISO instant (UTC, to the millisecond). */
export type BellNotification = {
  id: string;
  title: string;
  body: string;
  linkPath: string;
  createdAt: string;
  read: boolean;
};

export type DashboardFrame = {
  isDemo: boolean;
  timeZone: string;
  teams: { id: string; name: string }[];
  bell: { unread: number; latest: BellNotification[] };
};

/**
 * What every dashboard page shows around its own content, in one statement: whether
 * the team is a demo one, its time zone, the person's teams (by name, then id), and the
 * bell: unread notifications of the person in this team counted up to UNREAD_CAP, and
 * the latest BELL_LATEST newest first, as readBell and listTeamsOf answer them. One
 * statement instead of five, because every page pays for it before its own reads.
 * An unknown team reads as not a demo, in UTC.
 */
export async function readDashboardFrame(
  db: Database,
  options: { userId: string; teamId: string },
): Promise<DashboardFrame> {
  const { userId, teamId } = options;
  const { rows } = await sql<{
    isDemo: boolean | null;
    timeZone: string | null;
    teams: { id: string; name: string }[];
    unread: number;
    latest: BellNotification[];
  }>`
    select
      (select is_demo from teams where id = ${teamId}) as is_demo,
      (select time_zone from teams where id = ${teamId}) as time_zone,
      (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id), '[]')
        from team_members m join teams t on t.id = m.team_id where m.user_id = ${userId}) as teams,
      (select count(*)::int from (
        select 1 from notifications
        where user_id = ${userId} and team_id = ${teamId} and read_at is null limit ${UNREAD_CAP}) unread) as unread,
      (select coalesce(json_agg(json_build_object(
          'id', n.id, 'title', n.title, 'body', n.body, 'linkPath', n.link_path,
          'createdAt', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'read', n.read_at is not null) order by n.created_at desc, n.id desc), '[]')
        from (select * from notifications where user_id = ${userId} and team_id = ${teamId}
          order by created_at desc, id desc limit ${BELL_LATEST}) n) as latest`.execute(db);
  const row = rows[0]!;
  return {
    isDemo: row.isDemo ?? false,
    timeZone: row.timeZone ?? "UTC",
    teams: row.teams,
    bell: { unread: row.unread, latest: row.latest },
  };
}
