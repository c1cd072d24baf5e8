import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { rememberErasedAddresses } from "#server/erasures/erased-addresses.ts";

const NOT_FOUND = "Contact not found.";
/** What the delivery ledger holds in place of an erased person's address. */
export const ERASED_ADDRESS = "erased";

/** Which contact to erase: by id, or by email (case-insensitively), as the API allows both. */
export type ErasedContactKey = { contactId: string } | { email: string };

/**
 * Erases one contact of the team at their request, in one transaction:
 * - the contact goes, and with it (by cascade or here) their aliases, segment
 *   memberships, search rows, product events (theirs and their anonymous ids'),
 *   outbox copies addressed to them, plain-text suppressions of their addresses
 *   and the skipped-row reports of imports that name their email;
 * - rows that feed counts stay, without the person: the delivery ledger and the
 *   excluded recipients keep their status under a fresh id that names no one
 *   (one per erasure, so a count of distinct recipients stays the same) with the
 *   address replaced by ERASED_ADDRESS; engagement keeps its counts without the
 *   contact or user agent; the analytics rollups are left as they are;
 * - their email and phone join the team's erased addresses as hashes, so an import
 *   or an identify does not bring them back unless the team chooses.
 * The audit log records who erased someone, without naming them.
 * Needs "contacts.write". Unknown, malformed and another team's contacts are NOT_FOUND.
 */
export async function eraseContact(
  db: Database,
  options: { access: TeamAccess } & ErasedContactKey,
): Promise<{ contactId: string }> {
  const { access } = options;
  authorize(access, "contacts.write");
  const teamId = access.teamId;
  if ("contactId" in options && !isWellFormedId(options.contactId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  return db.transaction().execute(async (trx) => {
    let lookup = trx.selectFrom("contacts").select(["id", "email", "phone", "externalId"]).where("teamId", "=", teamId);
    lookup =
      "contactId" in options
        ? lookup.where("id", "=", options.contactId)
        : lookup.where(sql<string>`lower(email)`, "=", options.email.trim().toLowerCase());
    const contact = await lookup.forUpdate().executeTakeFirst();
    if (!contact) throw new AppError("NOT_FOUND", NOT_FOUND);
    const id = contact.id;
    const addresses = [contact.email, contact.phone].filter((a): a is string => Boolean(a));
    const lowered = addresses.map((a) => a.toLowerCase());
    const noOne = newId();

    await sql`
      delete from events e where e.team_id = ${teamId} and (
        e.contact_id = ${id}
        or e.anonymous_id in (select anonymous_id from contact_aliases where team_id = ${teamId} and contact_id = ${id})
        or (${contact.externalId}::text is not null and e.user_id = ${contact.externalId}))
    `.execute(trx);
    await sql`update event_people_days set contact_id = ${noOne} where team_id = ${teamId} and contact_id = ${id}`.execute(
      trx,
    );
    // A conversion already counted stays counted, without the person; one waiting to be
    // attributed goes with the events it came from.
    await sql`update campaign_conversions set contact_id = ${noOne} where team_id = ${teamId} and contact_id = ${id}`.execute(
      trx,
    );
    await sql`delete from conversion_queue where team_id = ${teamId} and contact_id = ${id}`.execute(trx);
    await sql`
      update event_rollup_queue set contact_ids = array_replace(contact_ids, ${id}::uuid, ${noOne}::uuid)
      where team_id = ${teamId} and ${id}::uuid = any(contact_ids)
    `.execute(trx);
    await sql`
      update engagement_events set contact_id = null, user_agent = null
      where team_id = ${teamId} and (contact_id = ${id}
        or delivery_id in (select id from deliveries where team_id = ${teamId} and contact_id = ${id}))
    `.execute(trx);
    await sql`
      update deliveries set contact_id = ${noOne}, address = ${ERASED_ADDRESS},
        error = case when error is null then null else 'Details erased at the contact''s request.' end
      where team_id = ${teamId} and contact_id = ${id}
    `.execute(trx);
    await sql`
      update excluded_recipients set contact_id = ${noOne}, address = null
      where team_id = ${teamId} and contact_id = ${id}
    `.execute(trx);
    await sql`
      delete from outbox_messages
      where team_id = ${teamId} and (contact_id = ${id} or lower(to_address) = any(${lowered}::text[]))
    `.execute(trx);
    await sql`delete from suppressions where team_id = ${teamId} and lower(address) = any(${lowered}::text[])`.execute(
      trx,
    );
    if (contact.email) {
      await sql`
        delete from import_skips s using imports i
        where s.import_id = i.id and i.team_id = ${teamId} and lower(s.email) = ${contact.email.toLowerCase()}
      `.execute(trx);
    }
    await sql`delete from contact_search_queue where team_id = ${teamId} and contact_id = ${id}`.execute(trx);
    await trx.deleteFrom("contacts").where("id", "=", id).execute();
    await rememberErasedAddresses(trx, teamId, addresses);
    // Who erased someone, and when; no target, since naming the person would undo the erasure.
    await recordAudit(trx, { access, action: "contact.erased" });
    return { contactId: id };
  });
}
