import { type Kysely, sql } from "kysely";

// The runtime's first loop finishes the open runs of stopped journeys on each turn. Asked
// by joining the runs to the journeys, or for runs whose journey is in an array of the
// stopped ones, the planner read every open run (a sequential scan, 4.5 ms a turn with
// 100,000 contacts entering a live journey, growing with them), since a journey's runs look
// like most of the table to its statistics; with scans of the whole table disabled, it
// walked the whole index of open runs by contact instead. This function asks for the runs
// in the order of the open runs' index by journey (journey_runs_step_idx) with sorting
// disabled, so that index is read for the stopped journeys alone, whatever the statistics
// say: no stopped journey with open runs costs an index probe per stopped journey.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function claim_stopped_journey_runs(batch int) returns setof uuid
    language sql volatile set enable_seqscan = off set enable_bitmapscan = off set enable_sort = off as $$
      select r.id from journey_runs r
      where r.journey_id = any(array(select id from journeys where state = 'stopped')) and r.status <> 'finished'
      order by r.journey_id, r.step_id, r.contact_id
      limit batch
      for update of r skip locked
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function claim_stopped_journey_runs(int)`.execute(db);
}
