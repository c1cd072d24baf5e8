import { type Kysely, sql } from "kysely";

// Where web processes say that ingestion is under pressure (server/ingestion-pressure/),
// for workers in other processes or on other machines: one row, `pressed_until` pushed forward
// at most a few times a second while a burst lasts. Unlogged: it is a hint valid for a second,
// so it needs no WAL, and an empty table after a crash only means "no pressure".
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unlogged table ingestion_pressure (
    id boolean primary key default true check (id),
    pressed_until timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table ingestion_pressure`.execute(db);
}
