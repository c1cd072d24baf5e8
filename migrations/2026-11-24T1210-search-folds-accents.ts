import { type Kysely, sql } from "kysely";

// The contacts search text now has its accents folded ("Zoë" is indexed as "zoe").
// Text without letters beyond ASCII is unchanged, so only the contacts with such
// letters go back on the indexing queue; the worker's indexer rewrites their text,
// and until then a search reads them from the queue, so none goes missing.
export async function up(db: Kysely<any>): Promise<void> {
  await requeueContactsWithAccents(db);
}

/** Going back, the same contacts are re-indexed with the text the older code writes. */
export async function down(db: Kysely<any>): Promise<void> {
  await requeueContactsWithAccents(db);
}

async function requeueContactsWithAccents(db: Kysely<any>): Promise<void> {
  await sql`insert into contact_search_queue (contact_id, team_id)
    select id, team_id from contacts
    where coalesce(name, '') || coalesce(email, '') || coalesce(phone, '') ~ '[^\\x01-\\x7f]'`.execute(db);
}
