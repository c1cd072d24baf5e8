import { type Kysely, sql } from "kysely";

// Demo teams (Watch Demo, `npm run seed:demo`) are flagged so every page can label them, their
// channels stay on the outbox, and a job can remove the ones of demo visitors after a day.
// A demo visitor is a person made by Watch Demo with no password: flagged so that job knows them.
// The Dashboard's onboarding checklist keeps, per team, when it was dismissed and when the team
// chose to keep the built-in outbox rather than connect an email provider.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table teams
    add column is_demo boolean not null default false,
    add column onboarding_dismissed_at timestamptz,
    add column outbox_kept_at timestamptz`.execute(db);
  await sql`alter table users add column is_demo boolean not null default false`.execute(db);
  // An AI segment keeps the sentence it was made from, so its card can say what it was asked for.
  await sql`alter table segments add column prompt text`.execute(db);
  // The expiry job looks for old demo teams only: a partial index keeps that read off the others.
  await sql`create index teams_demo_created_idx on teams (created_at) where is_demo`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index teams_demo_created_idx`.execute(db);
  await sql`alter table segments drop column prompt`.execute(db);
  await sql`alter table users drop column is_demo`.execute(db);
  await sql`alter table teams drop column is_demo, drop column onboarding_dismissed_at, drop column outbox_kept_at`.execute(
    db,
  );
}
