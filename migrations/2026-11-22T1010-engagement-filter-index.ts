import { type Kysely, sql } from "kysely";

// "Opened / clicked any campaign in the last N days" reads one team's human hits by
// kind and time; contact and campaign ride along so the scan never visits the table
// (docs/decisions/011-filter-segments.md).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index engagement_events_team_kind_idx on engagement_events (team_id, kind, occurred_at)
    include (contact_id, campaign_id) where contact_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index engagement_events_team_kind_idx`.execute(db);
}
