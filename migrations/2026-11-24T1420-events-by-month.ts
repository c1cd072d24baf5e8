import { type Kysely, sql } from "kysely";

// Product events partitioned by month of occurred_at (decision 010), so old months can
// be deleted or dropped without touching the rest, and the retention settings:
// - `events` becomes a range-partitioned table, one partition a UTC month
//   (`events_YYYY_MM`) and `events_default` for any time no month partition covers
//   yet (a far-future clock, a year long before the install). Partitions are made by
//   `create_events_month_partition`, here for every month that holds events and the
//   next three, and by the worker's daily job ahead of time.
// - the messageId dedup moves to `event_message_ids`: a unique index on a partitioned
//   table must hold the partition key, and a retried message's corrected time may
//   differ from the first by milliseconds, so (team, messageId, occurred_at) would not
//   catch it. It keeps the messages received within the dedup window.
// - `teams.event_retention_months`: how many months of events a team keeps (null:
//   forever, the default).
// - BRIN indexes on the times retention deletes by, which cost writers almost nothing
//   because rows arrive in time order.
// Cost on an existing install: every event is copied once and every index rebuilt, in
// the migration's transaction, so ingestion waits for it (about the time of a
// `create table as` of the events table plus its five indexes).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events rename to events_unpartitioned`.execute(db);
  await sql`create table events (like events_unpartitioned including defaults including constraints)
    partition by range (occurred_at)`.execute(db);
  await sql`create table events_default partition of events default`.execute(db);

  // Made only here, so every month partition has this name and range: the retention
  // job reads a partition's month from its name. Rows that landed in the default
  // partition before their month had one are moved into it; the lock on the default
  // partition keeps new ones from landing there meanwhile. Two workers making the same
  // month wait for each other on the advisory lock; the second finds it made.
  await sql`create function create_events_month_partition(month timestamptz) returns boolean
    language plpgsql as $$
    declare
      starts timestamp := date_trunc('month', month at time zone 'UTC');
      from_at timestamptz := starts at time zone 'UTC';
      to_at timestamptz := (starts + interval '1 month') at time zone 'UTC';
      partition_name text := 'events_' || to_char(starts, 'YYYY_MM');
    begin
      perform pg_advisory_xact_lock(hashtext('create_events_month_partition'));
      if to_regclass(partition_name) is not null then
        return false;
      end if;
      execute format('create table %I (like events including defaults including constraints)', partition_name);
      lock table events_default in exclusive mode;
      execute format(
        'with moved as (delete from events_default where occurred_at >= $1 and occurred_at < $2 returning *)
         insert into %I select * from moved', partition_name) using from_at, to_at;
      -- ATTACH takes SHARE UPDATE EXCLUSIVE on events: inserts and reads go on meanwhile.
      execute format('alter table events attach partition %I for values from (%L) to (%L)', partition_name, from_at, to_at);
      return true;
    end $$`.execute(db);

  // Every month that holds events (within ten years back: a client's clock set to
  // 1970 must not make hundreds of partitions; such rows wait in the default one)
  // and this month and the next three.
  await sql`select create_events_month_partition(month) from (
      select distinct date_trunc('month', occurred_at at time zone 'UTC') at time zone 'UTC' as month
      from events_unpartitioned
      where occurred_at >= now() - interval '10 years' and occurred_at < now() + interval '4 months'
      union
      select (date_trunc('month', now() at time zone 'UTC') + ahead * interval '1 month') at time zone 'UTC'
      from generate_series(0, 3) ahead
    ) months order by month`.execute(db);

  await sql`insert into events select * from events_unpartitioned`.execute(db);

  // Filled from the stored events before their table goes, so a message already stored
  // is still one when it comes again; the retention job trims it to the dedup window.
  await sql`create table event_message_ids (
      team_id uuid not null,
      message_id text not null,
      received_at timestamptz not null
    )`.execute(db);
  await sql`insert into event_message_ids (team_id, message_id, received_at)
    select team_id, message_id, received_at from events_unpartitioned`.execute(db);
  await sql`alter table event_message_ids add constraint event_message_ids_pkey primary key (team_id, message_id)`.execute(
    db,
  );
  await sql`create index event_message_ids_received_brin on event_message_ids using brin (received_at)`.execute(db);
  await sql`drop table events_unpartitioned`.execute(db);

  // The indexes of decision 010, built once over the copied rows, on every partition.
  await sql`create index events_team_occurred_idx on events (team_id, occurred_at desc, id desc)`.execute(db);
  await sql`create index events_team_name_occurred_idx on events (team_id, name, occurred_at) include (contact_id)`.execute(
    db,
  );
  await sql`create index events_contact_name_occurred_idx on events (contact_id, name, occurred_at)
    where contact_id is not null`.execute(db);
  await sql`create index events_unclaimed_user_idx on events (team_id, user_id, occurred_at)
    where contact_id is null and user_id is not null`.execute(db);
  await sql`create index events_unclaimed_anonymous_idx on events (team_id, anonymous_id)
    where contact_id is null and anonymous_id is not null`.execute(db);

  await sql`alter table teams add column event_retention_months integer
    constraint teams_event_retention_months_check check (event_retention_months between 1 and 1200)`.execute(db);
  await sql`create index engagement_events_occurred_brin on engagement_events using brin (occurred_at)`.execute(db);
  await sql`create index outbox_messages_created_brin on outbox_messages using brin (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index outbox_messages_created_brin`.execute(db);
  await sql`drop index engagement_events_occurred_brin`.execute(db);
  await sql`alter table teams drop column event_retention_months`.execute(db);
  await sql`alter table events rename to events_partitioned`.execute(db);
  await sql`create table events (like events_partitioned including defaults including constraints)`.execute(db);
  // A message kept twice after the dedup window left it keeps its first copy.
  await sql`insert into events select distinct on (team_id, message_id) * from events_partitioned
    order by team_id, message_id, received_at, id`.execute(db);
  await sql`drop table events_partitioned`.execute(db);
  await sql`drop function create_events_month_partition(timestamptz)`.execute(db);
  await sql`drop table event_message_ids`.execute(db);
  await sql`alter table events add constraint events_pkey primary key (team_id, message_id)`.execute(db);
  await sql`create index events_team_occurred_idx on events (team_id, occurred_at desc, id desc)`.execute(db);
  await sql`create index events_team_name_occurred_idx on events (team_id, name, occurred_at) include (contact_id)`.execute(
    db,
  );
  await sql`create index events_contact_name_occurred_idx on events (contact_id, name, occurred_at)
    where contact_id is not null`.execute(db);
  await sql`create index events_unclaimed_user_idx on events (team_id, user_id, occurred_at)
    where contact_id is null and user_id is not null`.execute(db);
  await sql`create index events_unclaimed_anonymous_idx on events (team_id, anonymous_id)
    where contact_id is null and anonymous_id is not null`.execute(db);
}
