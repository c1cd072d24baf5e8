import { type Kysely, sql } from "kysely";

// What the journey engine needs of the existing tables.
//
// A journey's send step sends through the campaigns' ledger, so tracking, the outbox,
// rollups and the crash guarantees are the same mechanism: each send step of each
// version has a hidden campaigns row (journey_id, journey_version, journey_step_id),
// which every broadcast list leaves out. A contact may pass the same send step more
// than once (re-entry), so a delivery is unique per (campaign, contact, run): the run
// is NULL for broadcasts, and NULLS NOT DISTINCT keeps a broadcast at one delivery per
// contact. The index keeps its leading (campaign_id, contact_id), which the chunks'
// range reads use.
//
// 'skipped' is the ledger status of a message a frequency cap or quiet hours held back
// for good, with the reason in `error`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("campaigns")
    .addColumn("journey_id", "uuid", (c) => c.references("journeys.id").onDelete("cascade"))
    .addColumn("journey_version", "integer")
    .addColumn("journey_step_id", "text")
    .execute();
  await sql`create unique index campaigns_journey_step_key on campaigns (journey_id, journey_version, journey_step_id)
    where journey_id is not null`.execute(db);

  await db.schema.alterTable("deliveries").addColumn("journey_run_id", "uuid").execute();
  await sql`drop index deliveries_campaign_contact_key`.execute(db);
  await sql`create unique index deliveries_campaign_contact_key on deliveries (campaign_id, contact_id, journey_run_id)
    nulls not distinct`.execute(db);
  // A journey's chunk job reads the deliveries of its batch of runs.
  await sql`create index deliveries_journey_run_idx on deliveries (journey_run_id) where journey_run_id is not null`.execute(
    db,
  );
  await sql`alter table deliveries drop constraint deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check
    check (status in ('queued', 'sending', 'sent', 'failed', 'unknown', 'skipped'))`.execute(db);

  // A batch of ingested events finds the unfinished runs of its contacts (goals, awaited events).
  await sql`create index journey_runs_open_contact_idx on journey_runs (contact_id) where status <> 'finished'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index journey_runs_open_contact_idx`.execute(db);
  await sql`drop index deliveries_journey_run_idx`.execute(db);
  await sql`alter table deliveries drop constraint deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check
    check (status in ('queued', 'sending', 'sent', 'failed', 'unknown'))`.execute(db);
  await sql`drop index deliveries_campaign_contact_key`.execute(db);
  await sql`create unique index deliveries_campaign_contact_key on deliveries (campaign_id, contact_id)`.execute(db);
  await db.schema.alterTable("deliveries").dropColumn("journey_run_id").execute();
  await db.schema
    .alterTable("campaigns")
    .dropColumn("journey_id")
    .dropColumn("journey_version")
    .dropColumn("journey_step_id")
    .execute();
}
