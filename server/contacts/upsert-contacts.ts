import { sql } from "kysely";
import { booleanArrayLiteral, textArrayLiteral } from "#db/array-literals.ts";
import type { Database } from "#db/database.ts";
import { newIds } from "#db/ids.ts";
import type { CleanContact } from "./import-rows.ts";
import { notifyContactChanges, wantsContactWrites } from "#server/contact-changes.ts";

type Upserted = { inserted: number; updated: number; duplicates: { rowNumber: number; email: string }[] };

/**
 * A chunk's contacts as the upsert takes them, with their arrays written out and an
 * id ready for each row: prepared before the chunk's transaction, since that
 * transaction holds the import's row lock, which the next chunk waits for.
 */
export type PreparedChunk = { contacts: CleanContact[]; ids: string; emails: string; names: string; phones: string };

export function prepareChunk(contacts: CleanContact[]): PreparedChunk {
  // In ascending order, as the rows are inserted: each new contact's id then lands
  // after the one before it in the primary key, instead of at a random place among
  // the chunk's. Rows that turn out to be known contacts leave their id unused.
  const ids = newIds(contacts.length).sort();
  return {
    contacts,
    ids: textArrayLiteral(ids),
    emails: textArrayLiteral(contacts.map((c) => c.email)),
    names: textArrayLiteral(contacts.map((c) => c.name)),
    phones: textArrayLiteral(contacts.map((c) => c.phone)),
  };
}

/**
 * Writes a chunk's contacts: first the team's contacts with these emails are
 * looked up, then, in one statement, those are updated where the row has a value
 * and the other rows are inserted with a plain INSERT (no per-row conflict
 * handling). A contact this import already wrote is a duplicate across chunks,
 * not an update. Should another transaction insert one of these emails in
 * between, the unique index refuses the statement and the caller runs the chunk again.
 */
export async function upsertContacts(
  trx: Database,
  teamId: string,
  importId: string,
  segmentId: string | null,
  chunk: PreparedChunk,
): Promise<Upserted> {
  const { contacts } = chunk;
  if (contacts.length === 0) return { inserted: 0, updated: 0, duplicates: [] };
  // All the chunk's emails are looked up before anything is written, in one scan
  // of the unique index for the array of them (PostgreSQL sorts the array and
  // walks the index once, about a third of the time of a probe per email); the few
  // found are then matched to their rows by a hash on lower(email). The contacts
  // table is only read through that index condition, so the plan cannot become a
  // scan of all the team's contacts, and a lookup that ran interleaved with the
  // inserts would, on a nearly empty table, rescan the rows this very statement
  // had just added.
  const found = await sql<{ index: number; id: string; duplicate: boolean }>`
    with i as materialized (
      select lower(email) as key, ord from unnest(${chunk.emails}::text[]) with ordinality as u(email, ord)
    )
    select (i.ord - 1)::int as index, c.id, c.duplicate
    from i join (
      select id, lower(email) as key, last_import_id is not distinct from ${importId}::uuid as duplicate
      from contacts
      where team_id = ${teamId} and lower(email) = any(array(select key from i))
    ) c on c.key = i.key
  `.execute(trx);
  const isNew = contacts.map(() => true);
  for (const row of found.rows) isNew[row.index] = false;
  const known = found.rows.map((row) => ({ id: row.id, contact: contacts[row.index]! }));

  // The new rows come from the chunk's arrays as written before the transaction,
  // picked out by a flag; the few known ones are sent again, on their own. Their ids
  // come back only for a listener (a live journey) that would do something with them.
  const listened = await wantsContactWrites(trx, teamId);
  const ids = (written: string, column = "id") =>
    listened
      ? sql<string[]>`array(select ${sql.ref(column)}::text from ${sql.table(written)})`
      : sql<string[]>`'{}'::text[]`;
  const result = await sql<{ inserted: number; created: string[]; changed: string[]; joined: string[] }>`
    with updated as (
      update contacts c set
        name = coalesce(u.name, c.name),
        phone = coalesce(u.phone, c.phone),
        last_import_id = ${importId},
        updated_at = now()
      from unnest(
        ${known.map((k) => k.id)}::uuid[], ${known.map((k) => k.contact.name)}::text[], ${known.map((k) => k.contact.phone)}::text[]
      ) as u(id, name, phone)
      where c.id = u.id
      returning c.id
    ),
    inserted as (
      insert into contacts (id, team_id, email, name, phone, last_import_id)
      select n.id, ${teamId}, n.email, n.name, n.phone, ${importId} from unnest(
        ${chunk.ids}::uuid[], ${chunk.emails}::text[], ${chunk.names}::text[], ${chunk.phones}::text[], ${booleanArrayLiteral(isNew)}::boolean[]
      ) as n(id, email, name, phone, fresh)
      where n.fresh
      returning id
    ),
    joined as (
      insert into segment_members (segment_id, contact_id)
      select ${segmentId}::uuid, x.id from (select id from updated union all select id from inserted) x
      where ${segmentId}::uuid is not null
      on conflict do nothing
      returning contact_id
    )
    select (select count(*) from inserted)::int as inserted,
      ${ids("inserted")} as created, ${ids("updated")} as changed, ${ids("joined", "contact_id")} as joined
  `.execute(trx);
  // In the chunk's transaction: created and changed contacts and new members of the import's list enter their journeys.
  const { created, changed, joined } = result.rows[0]!;
  if (listened)
    await notifyContactChanges(trx, {
      teamId,
      created,
      changed,
      ...(segmentId ? { joined: { segmentId, contactIds: joined } } : {}),
    });
  const duplicates = found.rows
    .filter((row) => row.duplicate)
    .map((row) => ({ rowNumber: contacts[row.index]!.rowNumber, email: contacts[row.index]!.email }));
  return { inserted: result.rows[0]!.inserted, updated: found.rows.length - duplicates.length, duplicates };
}
