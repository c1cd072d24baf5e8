import { type Kysely, sql } from "kysely";

// Searches are case-insensitive in every script: "шевченко" finds "ШЕВЧЕНКО". lower()
// follows the database's collation, and under the C locale (the embedded server's,
// and a common choice for speed) it lower-cases ASCII letters only. murmur_lower()
// lower-cases every letter with Unicode's simple case mapping: the built-in C.UTF-8
// collation on PostgreSQL 17 and later, ICU's root locale before that when the
// server has ICU, and lower() itself otherwise (ASCII only under C, as before). It is
// a plain SQL function, so PostgreSQL inlines it where it is called.
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ version: number; utf8: boolean; icu: boolean }>`
    select current_setting('server_version_num')::int as version,
      current_setting('server_encoding') = 'UTF8' as utf8,
      exists (select 1 from pg_collation where collname = 'und-x-icu') as icu
  `.execute(db);
  const server = rows[0]!;
  const collation = !server.utf8
    ? ""
    : server.version >= 170000
      ? " collate pg_c_utf8"
      : server.icu
        ? ' collate "und-x-icu"'
        : "";
  await sql`create function murmur_lower(value text) returns text language sql immutable parallel safe
    as ${sql.lit(`select lower(value${collation})`)}`.execute(db);
  // Texts indexed with a letter past ASCII may hold capitals lower() left alone: index them again.
  await sql`
    insert into contact_search_queue (team_id, contact_id)
    select team_id, contact_id from contact_search where octet_length(haystack) <> length(haystack)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function murmur_lower(text)`.execute(db);
}
