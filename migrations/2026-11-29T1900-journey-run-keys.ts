import { type Kysely, sql } from "kysely";

// An entry writes a run per contact, and each foreign key of journey_runs was a
// row-level check per run: together more than half of an entry's insert. Two of the
// three go, as on the other tables written on hot paths (decisions 007, 010, 021):
// - team_id: a run's team is its journey's. Deleting a team empties every table with
//   a team_id column (server/demo/delete-team-data.ts).
// - journey_id: only a draft or stopped journey is deleted, and deleting it deletes its
//   runs in the same transaction (server/journeys/journeys.ts). A run entered by a
//   process that had not yet seen the stop is never claimed (claims take live
//   journeys' runs) and goes with the team or its contact.
// The contact's key stays: erasing a contact must take its runs, whose trigger
// properties are its data, and the check holds off an erasure racing an entry.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table journey_runs drop constraint journey_runs_team_id_fkey`.execute(db);
  await sql`alter table journey_runs drop constraint journey_runs_journey_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from journey_runs r where not exists (select 1 from journeys j where j.id = r.journey_id)`.execute(
    db,
  );
  await sql`alter table journey_runs add constraint journey_runs_journey_id_fkey
    foreign key (journey_id) references journeys (id) on delete cascade`.execute(db);
  await sql`alter table journey_runs add constraint journey_runs_team_id_fkey
    foreign key (team_id) references teams (id) on delete cascade`.execute(db);
}
