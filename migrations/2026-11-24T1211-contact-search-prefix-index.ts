import { type Kysely, sql } from "kysely";

// The top bar asks for a handful of contacts as the person types. A trigram index
// answers with a bitmap of every match before any limit applies: for a common
// first name that is a sixth of a large team. A b-tree over the start of the
// searched text finds the contacts whose text starts with the words typed and
// stops after the few it needs. Only the first 200 characters: a b-tree entry has
// a size limit, and a search is at most 100 characters long.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index contact_search_prefix_idx on contact_search (team_id, left(haystack, 200) text_pattern_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_search_prefix_idx`.execute(db);
}
