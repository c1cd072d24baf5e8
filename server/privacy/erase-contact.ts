import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { eraseContactRows } from "./erase-contact-rows.ts";

const NOT_FOUND = "Contact not found.";

/** Which contact to erase: by id, or by email (case-insensitively), as the API allows both. */
export type ErasedContactKey = { contactId: string } | { email: string };

/**
 * Erases one contact of the team at their request, in one transaction, by the path
 * every erasure takes (eraseContactRows: what goes, what stays without the person,
 * and the hashes kept of their addresses). The audit log records who erased
 * someone, without naming them.
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
    await eraseContactRows(trx, teamId, [contact]);
    // Who erased someone, and when; no target, since naming the person would undo the erasure.
    await recordAudit(trx, { access, action: "contact.erased" });
    return { contactId: contact.id };
  });
}
