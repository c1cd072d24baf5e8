import { type Kysely, sql } from "kysely";

// The runtime's claims (migration 2026-11-29T1130) read the due runs of every journey in
// one index order, oldest first, and skipped those of journeys that are not live. A paused
// journey's runs stay due while it is paused: a welcome series paused for a day with
// 100,000 contacts in a one-day wait leaves 100,000 passed timers at the head of that
// index, and every claim of every team's journeys, four times a second on each loop, read
// them all (a heap fetch each, to learn the journey) before reaching a live one.
//
// The indexes of due runs now lead with the journey, and a claim asks each live journey
// for its due runs, taking the journeys in the order of their oldest due run (one probe
// each) and reading each one's runs in index order until the batch is full. A paused
// backlog is never read. The journeys are an array in that order, so the nested loop
// keeps it, and the batch's limit stops it at the first journeys that fill it.
//
// A probe per live journey costs about 3 µs (measured with 5,000 live journeys), which an
// idle poll should not pay: each claim first asks whether any run at all is due, one read
// of a partial index, and probes the journeys only when one is. Timers keep their index by
// time for that question (long waits keep the one by journey from ever being empty).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index journey_runs_active_journey_idx on journey_runs (journey_id, updated_at)
    where status = 'active'`.execute(db);
  await sql`create index journey_runs_wake_journey_idx on journey_runs (journey_id, wake_at)
    where status = 'waiting' and wake_at is not null`.execute(db);
  await sql`drop index journey_runs_active_idx`.execute(db);
  await sql`
    create or replace function claim_active_journey_runs(batch int) returns setof journey_runs
    language sql volatile set enable_sort = off set enable_bitmapscan = off as $$
      select c.* from unnest(array(
          select j.id from journeys j
          cross join lateral (select r.updated_at from journey_runs r
            where r.journey_id = j.id and r.status = 'active' order by r.updated_at limit 1) oldest
          where j.state = 'live' and exists (select from journey_runs a where a.status = 'active')
          order by oldest.updated_at)) as j(id)
      cross join lateral (select r.* from journey_runs r
        where r.journey_id = j.id and r.status = 'active'
        order by r.updated_at limit batch
        for update of r skip locked) c
      limit batch
    $$`.execute(db);
  await sql`
    create or replace function claim_due_journey_timers(due timestamptz, batch int) returns setof journey_runs
    language sql volatile set enable_sort = off set enable_bitmapscan = off as $$
      select c.* from unnest(array(
          select j.id from journeys j
          cross join lateral (select r.wake_at from journey_runs r
            where r.journey_id = j.id and r.status = 'waiting' and r.wake_at is not null order by r.wake_at limit 1) earliest
          where j.state = 'live' and earliest.wake_at <= due
            and exists (select from journey_runs w where w.status = 'waiting' and w.wake_at <= due)
          order by earliest.wake_at)) as j(id)
      cross join lateral (select r.* from journey_runs r
        where r.journey_id = j.id and r.status = 'waiting' and r.wake_at <= due
        order by r.wake_at limit batch
        for update of r skip locked) c
      limit batch
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function claim_active_journey_runs(batch int) returns setof journey_runs
    language sql volatile set enable_sort = off set enable_bitmapscan = off as $$
      select r.* from journey_runs r
      where r.status = 'active' and r.journey_id = any(array(select id from journeys where state = 'live'))
      order by r.updated_at limit batch
      for update of r skip locked
    $$`.execute(db);
  await sql`
    create or replace function claim_due_journey_timers(due timestamptz, batch int) returns setof journey_runs
    language sql volatile set enable_sort = off set enable_bitmapscan = off as $$
      select r.* from journey_runs r
      where r.status = 'waiting' and r.wake_at <= due
        and r.journey_id = any(array(select id from journeys where state = 'live'))
      order by r.wake_at limit batch
      for update of r skip locked
    $$`.execute(db);
  await sql`create index journey_runs_active_idx on journey_runs (updated_at) where status = 'active'`.execute(db);
  await sql`drop index journey_runs_wake_journey_idx`.execute(db);
  await sql`drop index journey_runs_active_journey_idx`.execute(db);
}
