import { type Kysely, sql } from "kysely";

// An import through the API arrives as many requests; the 200 MB limit per import
// is kept by adding up the bodies of its applied chunks here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table imports add column bytes_received bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table imports drop column bytes_received`.execute(db);
}
