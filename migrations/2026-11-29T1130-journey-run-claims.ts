import { type Kysely, sql } from "kysely";

// The journey runtime claims a batch of due runs (the oldest active ones, then the
// earliest timers) with ORDER BY ... LIMIT ... FOR UPDATE SKIP LOCKED. Joined to the
// live journeys, the planner read every active run, joined and sorted them all, then
// locked the first 500: with 50,000 contacts entering at once, a claim took 170 to
// 300 ms, growing with the backlog, and more than a third of the journey's database
// time. Read in index order, a claim stops after its batch. The live journeys are an
// array the scan filters on, which keeps that order available; but right after a
// large entry (before autovacuum has analysed the runs) the planner believes the
// active runs are a handful and still sorts them all. These functions plan their
// claim with sorts and bitmap scans disabled, so the partial indexes' order is used
// whatever the statistics say; the settings apply inside the function only.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function claim_active_journey_runs(batch int) returns setof journey_runs
    language sql volatile set enable_sort = off set enable_bitmapscan = off as $$
      select r.* from journey_runs r
      where r.status = 'active' and r.journey_id = any(array(select id from journeys where state = 'live'))
      order by r.updated_at limit batch
      for update of r skip locked
    $$`.execute(db);
  await sql`
    create function claim_due_journey_timers(due timestamptz, batch int) returns setof journey_runs
    language sql volatile set enable_sort = off set enable_bitmapscan = off as $$
      select r.* from journey_runs r
      where r.status = 'waiting' and r.wake_at <= due
        and r.journey_id = any(array(select id from journeys where state = 'live'))
      order by r.wake_at limit batch
      for update of r skip locked
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function claim_due_journey_timers(timestamptz, int)`.execute(db);
  await sql`drop function claim_active_journey_runs(int)`.execute(db);
}
