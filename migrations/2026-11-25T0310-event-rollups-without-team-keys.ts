import { type Kysely, sql } from "kysely";

// The product event rollups lose their foreign keys to teams (docs/decisions/020):
// the events worker inserts about one rollup row an event, and a foreign key makes
// every inserted row run a check that locks the team's row (FOR KEY SHARE), as it
// would have on `events` (decision 010). A team's rows go with it through
// deleteTeamData, which empties every table that has a team_id, keyed or not.
const TABLES = ["team_event_hourly", "team_event_daily", "team_event_daily_people", "team_event_property_daily"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_team_id_fkey`)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`delete from ${sql.table(table)} r where not exists (select from teams t where t.id = r.team_id)`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_team_id_fkey`)}
      foreign key (team_id) references teams (id) on delete cascade`.execute(db);
  }
}
