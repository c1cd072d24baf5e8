import { type Kysely, sql } from "kysely";

// Journeys: a definition edited as a draft, frozen into numbered versions when it goes
// live (contacts finish on the version they entered), and one row per contact's place
// in a journey (journey_runs), whose waits are timers in the database. Per-step figures
// are counters the engine keeps as contacts move (journey_step_stats), so the journey
// page never counts the runs table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("journeys")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`state in ('draft', 'live', 'paused', 'stopped')`),
    )
    // The working definition the editor changes; copied into a version when it goes live.
    .addColumn("definition", "jsonb", (c) => c.notNull())
    // The version new contacts enter; null until the journey first goes live.
    .addColumn("live_version", "integer")
    // Denormalised from the live version's entry, so ingestion finds the journeys an event
    // or a segment starts with one index read.
    .addColumn("entry_type", "text")
    .addColumn("entry_event", "text")
    .addColumn("entry_segment_id", "uuid", (c) => c.references("segments.id").onDelete("set null"))
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("started_at", "timestamptz")
    .addColumn("stopped_at", "timestamptz")
    .execute();
  await sql`create index journeys_team_created_idx on journeys (team_id, created_at desc, id desc)`.execute(db);
  await sql`create index journeys_live_entry_idx on journeys (team_id, entry_type, entry_event) where state = 'live'`.execute(
    db,
  );

  await db.schema
    .createTable("journey_versions")
    .addColumn("journey_id", "uuid", (c) => c.notNull().references("journeys.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("definition", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("journey_versions_pkey", ["journey_id", "version"])
    .execute();

  await db.schema
    .createTable("journey_runs")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("team_id", "uuid", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("journey_id", "uuid", (c) => c.notNull().references("journeys.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("contact_id", "uuid", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    // active: due to run its current step now; waiting: on a timer or an event; finished.
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'waiting', 'finished')`))
    // completed (ran off the end), exited (an exit step or a false branch end), converted
    // (the goal happened), stopped (the journey was stopped); null while inside.
    .addColumn("outcome", "text", (c) => c.check(sql`outcome in ('completed', 'exited', 'converted', 'stopped')`))
    .addColumn("step_id", "text")
    // A timer: a wait's end, a wait-until's time, or a wait-for-event's timeout.
    .addColumn("wake_at", "timestamptz")
    // A wait for an event: its name, and the value the matched property must carry.
    .addColumn("awaiting_event", "text")
    .addColumn("awaiting_match", "text")
    // The event that started the run (its messageId and properties), for Liquid and matching.
    .addColumn("trigger_message_id", "text")
    .addColumn("trigger_properties", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("entered_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("step_entered_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The same event ingested twice enters once.
  await sql`create unique index journey_runs_trigger_key on journey_runs (journey_id, trigger_message_id)
    where trigger_message_id is not null`.execute(db);
  // Re-entry rules and a contact's page: a contact's runs of a journey, newest first.
  await sql`create index journey_runs_contact_idx on journey_runs (contact_id, journey_id, entered_at desc)`.execute(
    db,
  );
  // Timers due.
  await sql`create index journey_runs_wake_idx on journey_runs (wake_at) where status = 'waiting' and wake_at is not null`.execute(
    db,
  );
  // Runs due now.
  await sql`create index journey_runs_active_idx on journey_runs (updated_at) where status = 'active'`.execute(db);
  // Runs waiting for an event the contact performs.
  await sql`create index journey_runs_awaiting_idx on journey_runs (contact_id, awaiting_event)
    where status = 'waiting' and awaiting_event is not null`.execute(db);
  // The contacts at a step, and how many wait there.
  await sql`create index journey_runs_step_idx on journey_runs (journey_id, step_id, contact_id) where status <> 'finished'`.execute(
    db,
  );

  // One row per step, plus "@entry" (contacts who entered) and "@goal" (who converted)
  // for the journey as a whole: names a step id cannot take.
  await db.schema
    .createTable("journey_step_stats")
    .addColumn("journey_id", "uuid", (c) => c.notNull().references("journeys.id").onDelete("cascade"))
    .addColumn("step_id", "text", (c) => c.notNull())
    .addColumn("entered", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("moved_on", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("sent", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("converted", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("exited", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("journey_step_stats_pkey", ["journey_id", "step_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("journey_step_stats").execute();
  await db.schema.dropTable("journey_runs").execute();
  await db.schema.dropTable("journey_versions").execute();
  await db.schema.dropTable("journeys").execute();
}
