import { type Kysely, sql } from "kysely";

// What each message costs the ledger on its way from queued to sent (two updates: taken
// as sending, then its answer; neither can be HOT, since `status` is in the predicate of
// most of the table's indexes, so each writes a new entry in every index whose predicate
// the new row meets).
//
// - A journey batch's index is read only for the batch's queued rows (the chunk job's
//   windows and its next retry), so it now holds only those: a message leaves it when it
//   is taken, instead of being written into it again on both updates.
// - The analytics triggers on deliveries added their figures through jsonb (aggregated
//   into a document, then read back as a record set by a second function), more than
//   half of the per-group statement's time, even for rows with nothing to count. They
//   now skip those rows first (queued, sending, unknown: most of an update's) and add
//   the same figures straight from the transition tables, in one statement whose plan
//   the trigger keeps.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index deliveries_journey_batch_idx`.execute(db);
  await sql`create index deliveries_journey_batch_idx on deliveries (journey_batch, contact_id)
    where journey_batch is not null and status = 'queued'`.execute(db);
  await sql
    .raw(
      `create or replace function deliveries_analytics_inserted() returns trigger language plpgsql as $$
    begin ${addFigures(deliveryFigures("new_rows", 1, { onlyCounted: true }))} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function deliveries_analytics_updated() returns trigger language plpgsql as $$
    begin ${addFigures(`${deliveryFigures("new_rows", 1, { onlyCounted: true })} union all ${deliveryFigures("old_rows", -1, { onlyCounted: true })}`)} return null; end $$`,
    )
    .execute(db);
}

const FIGURES = ["sent", "delivered", "bounced", "failed"];

/**
 * Adds the signed figures of `rows` to their campaign hours, locking the hour rows in
 * key order so concurrent writers never deadlock (as analytics_add_campaign_figures does).
 */
function addFigures(rows: string): string {
  return `insert into campaign_hourly_stats (campaign_id, team_id, channel, hour, ${FIGURES.join(", ")})
    select campaign_id, team_id, channel, hour, ${FIGURES.map((f) => `sum(${f})::int`).join(", ")}
    from (${rows}) c
    where hour is not null
    group by campaign_id, hour, channel, team_id
    having ${FIGURES.map((f) => `sum(${f}) <> 0`).join(" or ")}
    order by campaign_id, hour, channel
    on conflict (campaign_id, hour, channel) do update set
      ${FIGURES.map((f) => `${f} = campaign_hourly_stats.${f} + excluded.${f}`).join(", ")};`;
}

/**
 * What one ledger row adds to its campaign's hours, the same figures as migration 1170
 * counts: sent (accepted, or bounced later) in the hour it was sent; delivered in the
 * hour it was accepted (email, unless bounced) or confirmed (SMS, WhatsApp); bounced and
 * failed in their own hours. `sign` is 1 for the row's new state, -1 for its old one.
 */
function deliveryFigures(rows: string, sign: number, options: { onlyCounted?: boolean } = {}): string {
  // Rows with nothing to count (queued, sending, unknown, with no report) are most of an update's: skip them first.
  const counted = options.onlyCounted
    ? `where d.status in ('sent', 'failed') or d.bounced_at is not null or d.delivered_at is not null`
    : "";
  return `select d.campaign_id, d.team_id, d.channel, f.hour,
      ${sign} * f.sent as sent, ${sign} * f.delivered as delivered, ${sign} * f.bounced as bounced, ${sign} * f.failed as failed
    from (select * from ${rows} d ${counted}) d
    cross join lateral (values
      (analytics_hour(coalesce(d.sent_at, d.bounced_at)), (d.status = 'sent' or d.bounced_at is not null)::int, 0, 0, 0),
      (analytics_hour(case when d.channel = 'EMAIL' then d.sent_at else d.delivered_at end), 0,
        (case when d.channel = 'EMAIL' then d.status = 'sent' else d.delivered_at is not null end)::int, 0, 0),
      (analytics_hour(d.bounced_at), 0, 0, (d.bounced_at is not null)::int, 0),
      (analytics_hour(coalesce(d.failed_at, d.updated_at)), 0, 0, 0, (d.status = 'failed' and d.bounced_at is null)::int)
    ) f(hour, sent, delivered, bounced, failed)
    where f.sent + f.delivered + f.bounced + f.failed > 0`;
}

export async function down(db: Kysely<any>): Promise<void> {
  const viaJson = (rows: string) =>
    `perform analytics_add_campaign_figures(coalesce((select jsonb_agg(x) from (${rows}) x), '[]'));`;
  await sql
    .raw(
      `create or replace function deliveries_analytics_inserted() returns trigger language plpgsql as $$
    begin ${viaJson(deliveryFigures("new_rows", 1))} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function deliveries_analytics_updated() returns trigger language plpgsql as $$
    begin ${viaJson(`${deliveryFigures("new_rows", 1)} union all ${deliveryFigures("old_rows", -1)}`)} return null; end $$`,
    )
    .execute(db);
  await sql`drop index deliveries_journey_batch_idx`.execute(db);
  await sql`create index deliveries_journey_batch_idx on deliveries (journey_batch, contact_id)
    where journey_batch is not null`.execute(db);
}
