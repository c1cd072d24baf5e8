import { type Kysely, sql } from "kysely";

// A campaign may name a conversion goal: an event (with property conditions), a window
// in days after the message was received, and a numeric property summed as revenue.
// Stored as the JSON the goal's schema validates (server/campaigns/conversion-goal.ts);
// null when the campaign has none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("campaigns").addColumn("conversion_goal", "jsonb").execute();
  // When two campaigns claim one event, the later one received wins: finding the team's
  // other campaigns with a goal on the same event is one index read.
  await sql`create index campaigns_conversion_event_idx on campaigns (team_id, (conversion_goal ->> 'event'))
    where conversion_goal is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index campaigns_conversion_event_idx`.execute(db);
  await db.schema.alterTable("campaigns").dropColumn("conversion_goal").execute();
}
