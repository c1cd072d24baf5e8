import type { Database } from "#db/database.ts";
import { ERASED_REASON, findErasedAddresses } from "#server/erasures/erased-addresses.ts";
import type { CleanContact, SkippedRow } from "./import-rows.ts";

/**
 * Takes out of a chunk the rows whose email belongs to a contact erased at their
 * request, as skipped rows with ERASED_REASON, unless the import was opened with
 * "allow erased contacts back". One lookup per chunk, whatever its size.
 */
export async function leaveOutErasedContacts(
  db: Database,
  options: { teamId: string; importId: string; contacts: CleanContact[]; skipped: SkippedRow[] },
): Promise<{ contacts: CleanContact[]; skipped: SkippedRow[] }> {
  const { teamId, contacts, skipped } = options;
  const opened = await db
    .selectFrom("imports")
    .select("allowErased")
    .where("id", "=", options.importId)
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  if (!opened || opened.allowErased || contacts.length === 0) return { contacts, skipped };
  const erased = await findErasedAddresses(
    db,
    teamId,
    contacts.map((c) => c.email),
  );
  if (erased.size === 0) return { contacts, skipped };
  const kept = contacts.filter((c) => !erased.has(c.email));
  const left = contacts
    .filter((c) => erased.has(c.email))
    .map((c) => ({ rowNumber: c.rowNumber, email: c.email, reason: ERASED_REASON }));
  return { contacts: kept, skipped: [...skipped, ...left] };
}
