import { type Kysely, sql } from "kysely";

// The version of a team's analytics figures, per section of the Analytics page, so a
// web process can keep figures it has read and know exactly when they stop being
// current. Every statement that writes a rollup (or the campaigns and event names
// the page names) adds one to a row of its team and section, in the writer's own
// transaction, so the change and its count commit together. The row is also keyed by
// the writer's backend: a backend runs one transaction at a time, so no two writers
// ever update the same row, and counting adds no lock wait (nor any deadlock) to the
// ledger, tracking or the event rollup worker. A section's version is the sum of its
// rows; it grows with every committed write and never goes back.
const COUNTED: [table: string, section: "campaigns" | "audience" | "events"][] = [
  ["campaign_hourly_stats", "campaigns"],
  ["campaign_conversion_hourly", "campaigns"],
  ["campaigns", "campaigns"],
  ["team_audience_hourly", "audience"],
  ["team_event_hourly", "events"],
  ["team_event_daily", "events"],
  ["team_event_daily_people", "events"],
  ["team_event_property_daily", "events"],
  ["event_names", "events"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("analytics_changes")
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("section", "text", (c) => c.notNull().check(sql`section in ('campaigns', 'audience', 'events')`))
    .addColumn("backend", "integer", (c) => c.notNull())
    .addColumn("changes", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_changes_pkey", ["team_id", "section", "backend"])
    .execute();

  // One row a team touched, whatever the statement's size. A team being deleted is
  // skipped: its rollups go in the same cascade, and so do its counts.
  await sql`
    create function count_analytics_changes() returns trigger language plpgsql as $$
    begin
      insert into analytics_changes as counted (team_id, section, backend, changes)
      select distinct changed.team_id, tg_argv[0], pg_backend_pid(), 1
      from changed_rows changed
      where exists (select from teams where teams.id = changed.team_id)
      on conflict (team_id, section, backend) do update set changes = counted.changes + 1;
      return null;
    end
    $$`.execute(db);

  for (const [table, section] of COUNTED) {
    for (const [event, transition] of [
      ["insert", "new"],
      ["update", "new"],
      ["delete", "old"],
    ] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_counted_on_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(transition)} table as changed_rows
        for each statement execute function count_analytics_changes(${sql.lit(section)})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of COUNTED) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger ${sql.raw(`${table}_counted_on_${event}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function count_analytics_changes()`.execute(db);
  await db.schema.dropTable("analytics_changes").execute();
}
