import { type Kysely, sql } from "kysely";

// The Contacts search index holds the trigrams inside words, computed by the
// indexer (server/contacts/search-trigrams.ts), instead of pg_trgm's, which add
// two padded trigrams per word that a search never asks for: about half the
// index entries per contact, so indexing keeps pace with a large import.
// Every indexed contact goes back on the queue for the indexer to write its
// trigrams; until it has, a search reads those contacts from the queue (or the
// team's contacts directly past 5,000 queued), so none goes missing.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_search_haystack_idx`.execute(db);
  await sql`alter table contact_search add column trigrams int4[] not null default '{}'`.execute(db);
  await sql`create index contact_search_trigrams_idx on contact_search using gin (trigrams)`.execute(db);
  await sql`insert into contact_search_queue (team_id, contact_id) select team_id, contact_id from contact_search`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_search_trigrams_idx`.execute(db);
  await sql`alter table contact_search drop column trigrams`.execute(db);
  await sql`create index contact_search_haystack_idx on contact_search using gin (haystack gin_trgm_ops)`.execute(db);
}
