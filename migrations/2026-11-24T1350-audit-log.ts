import { type Kysely, sql } from "kysely";

// Who did what in a team, and when. The actor's name and email are copied into the row
// when it is written, so an entry still reads right after the person is renamed or
// removed; actor_user_id has no foreign key for the same reason. Details never hold a
// secret's value (server/audit/details.ts drops them before the insert).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table audit_log (
    id uuid primary key,
    team_id uuid not null references teams (id) on delete cascade,
    actor_kind text not null check (actor_kind in ('person', 'api-key')),
    actor_user_id uuid,
    actor_key_id uuid,
    actor_name text not null,
    actor_email text,
    action text not null,
    target_kind text,
    target_id text,
    target_label text,
    details jsonb not null default '{}'::jsonb,
    ip text,
    created_at timestamptz not null default now()
  )`.execute(db);
  // The page reads newest first by keyset, unfiltered, by person or by action: one index
  // in that order for each, so any page is one short range read however long the log.
  await sql`create index audit_log_team_created_idx on audit_log (team_id, created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_team_actor_created_idx on audit_log (team_id, actor_user_id, created_at desc, id desc)
    where actor_user_id is not null`.execute(db);
  await sql`create index audit_log_team_action_created_idx on audit_log (team_id, action, created_at desc, id desc)`.execute(
    db,
  );
  // Retention deletes the oldest entries of every team in batches.
  await sql`create index audit_log_created_idx on audit_log (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
}
