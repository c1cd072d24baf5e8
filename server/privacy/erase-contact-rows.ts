import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { rememberErasedAddresses } from "#server/erasures/erased-addresses.ts";

/** What the delivery ledger holds in place of an erased person's address. */
export const ERASED_ADDRESS = "erased";

/** A contact about to be erased, as read (and locked) by the caller. */
export type ContactToErase = { id: string; email: string | null; phone: string | null; externalId: string | null };

/**
 * Erases the given contacts of one team, a set operation per table whatever their
 * number; the one path for a single person's request and for a segment's bulk
 * erasure. Run it in the caller's transaction, after locking the contacts' rows,
 * so the erasure and whatever the caller records of it commit together:
 * - the contacts go, and with them (by cascade or here) their aliases, segment
 *   memberships, search rows, product events (theirs and their anonymous ids'),
 *   outbox copies addressed to them, plain-text suppressions of their addresses
 *   and the skipped-row reports of imports that name their email;
 * - rows that feed counts stay, without the person: the delivery ledger and the
 *   excluded recipients keep their status under a fresh id per contact that names
 *   no one (so a count of distinct recipients stays the same) with the address
 *   replaced by ERASED_ADDRESS; engagement keeps its counts without the contact or
 *   user agent; the analytics rollups are left as they are;
 * - their emails and phones join the team's erased addresses as hashes, so an import
 *   or an identify does not bring them back unless the team chooses.
 * Records nothing in the audit log: callers say who erased, and how many.
 */
export async function eraseContactRows(
  trx: Database,
  teamId: string,
  contacts: readonly ContactToErase[],
): Promise<void> {
  if (contacts.length === 0) return;
  const ids = contacts.map((c) => c.id);
  const noOnes = contacts.map(() => newId());
  const externalIds = contacts.map((c) => c.externalId).filter((x): x is string => Boolean(x));
  const emails = contacts.map((c) => c.email?.toLowerCase()).filter((x): x is string => Boolean(x));
  const addresses = contacts.flatMap((c) => [c.email, c.phone]).filter((a): a is string => Boolean(a));
  const lowered = addresses.map((a) => a.toLowerCase());
  // Each erased contact's id and the id that names no one in its place.
  const replaced = sql`unnest(${ids}::uuid[], ${noOnes}::uuid[]) as m(contact_id, no_one)`;

  await sql`
    delete from events e where e.team_id = ${teamId} and (
      e.contact_id = any(${ids}::uuid[])
      or e.anonymous_id in (
        select anonymous_id from contact_aliases where team_id = ${teamId} and contact_id = any(${ids}::uuid[]))
      or e.user_id = any(${externalIds}::text[]))
  `.execute(trx);
  await sql`
    update event_people_days t set contact_id = m.no_one from ${replaced}
    where t.team_id = ${teamId} and t.contact_id = m.contact_id
  `.execute(trx);
  // A conversion already counted stays counted, without the person; one waiting to be
  // attributed goes with the events it came from.
  await sql`
    update campaign_conversions t set contact_id = m.no_one from ${replaced}
    where t.team_id = ${teamId} and t.contact_id = m.contact_id
  `.execute(trx);
  await sql`delete from conversion_queue where team_id = ${teamId} and contact_id = any(${ids}::uuid[])`.execute(trx);
  await sql`
    update event_rollup_queue q set contact_ids = (
      select array_agg(coalesce(m.no_one, c.id) order by c.n)
      from unnest(q.contact_ids) with ordinality as c(id, n)
      left join ${replaced} on m.contact_id = c.id)
    where q.team_id = ${teamId} and q.contact_ids && ${ids}::uuid[]
  `.execute(trx);
  await sql`
    update engagement_events set contact_id = null, user_agent = null
    where team_id = ${teamId} and (contact_id = any(${ids}::uuid[])
      or delivery_id in (select id from deliveries where team_id = ${teamId} and contact_id = any(${ids}::uuid[])))
  `.execute(trx);
  await sql`
    update deliveries t set contact_id = m.no_one, address = ${ERASED_ADDRESS},
      error = case when t.error is null then null else 'Details erased at the contact''s request.' end
    from ${replaced}
    where t.team_id = ${teamId} and t.contact_id = m.contact_id
  `.execute(trx);
  await sql`
    update excluded_recipients t set contact_id = m.no_one, address = null from ${replaced}
    where t.team_id = ${teamId} and t.contact_id = m.contact_id
  `.execute(trx);
  await sql`
    delete from outbox_messages
    where team_id = ${teamId} and (contact_id = any(${ids}::uuid[]) or lower(to_address) = any(${lowered}::text[]))
  `.execute(trx);
  await sql`delete from suppressions where team_id = ${teamId} and lower(address) = any(${lowered}::text[])`.execute(
    trx,
  );
  if (emails.length) {
    await sql`
      delete from import_skips s using imports i
      where s.import_id = i.id and i.team_id = ${teamId} and lower(s.email) = any(${emails}::text[])
    `.execute(trx);
  }
  await sql`delete from contact_search_queue where team_id = ${teamId} and contact_id = any(${ids}::uuid[])`.execute(
    trx,
  );
  await trx.deleteFrom("contacts").where("teamId", "=", teamId).where("id", "in", ids).execute();
  await rememberErasedAddresses(trx, teamId, addresses);
}
