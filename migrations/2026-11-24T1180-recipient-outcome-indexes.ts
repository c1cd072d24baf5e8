import { type Kysely, sql } from "kysely";

// The campaign page lists its recipients by outcome, a page at a time, its links with
// their clicks and its opens by mail client. Each outcome gets a partial index in the
// order its list pages, so a page of "who clicked" is one short index range read
// whatever the campaign's size; per-link and per-client counts read only the
// campaign's own clicks or opens, in grouping order (index-only scans).
export async function up(db: Kysely<any>): Promise<void> {
  for (const outcome of ["opened", "clicked", "unsubscribed"]) {
    await sql`create index ${sql.raw(`delivery_engagement_${outcome}_idx`)} on delivery_engagement (campaign_id, delivery_id)
      where ${sql.raw(`${outcome}_at`)} is not null`.execute(db);
  }
  await sql`create index deliveries_bounced_contact_idx on deliveries (campaign_id, contact_id) where bounced_at is not null`.execute(
    db,
  );
  await sql`create index deliveries_failed_contact_idx on deliveries (campaign_id, contact_id)
    where status = 'failed' and bounced_at is null`.execute(db);
  await sql`create index engagement_events_campaign_clicks_idx on engagement_events (campaign_id, url) include (delivery_id)
    where kind = 'click'`.execute(db);
  await sql`create index engagement_events_campaign_opens_idx on engagement_events (campaign_id, kind, user_agent)
    where kind in ('open', 'bot_open')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "engagement_events_campaign_opens_idx",
    "engagement_events_campaign_clicks_idx",
    "deliveries_failed_contact_idx",
    "deliveries_bounced_contact_idx",
    "delivery_engagement_unsubscribed_idx",
    "delivery_engagement_clicked_idx",
    "delivery_engagement_opened_idx",
  ]) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
}
