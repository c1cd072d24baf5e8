import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { type HasPhone, whereContactFilter } from "./filter.ts";
import { countContacts } from "./list.ts";
import { AppError } from "#server/errors.ts";
import { addContactsToSegment, createSegment } from "#server/segments/segments.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

/** What the person picked on the Contacts page: some rows, or every contact matching the filters. */
export type ContactSelection =
  { kind: "ids"; contactIds: string[] } | { kind: "matching"; search?: string; hasPhone?: HasPhone };

const NOTHING_SELECTED = "Select at least one contact";

/**
 * Creates a static segment and links the selected contacts to it, in one
 * transaction: either both happen or neither, so a failure never leaves an
 * empty segment behind. Only this team's contacts are linked (ids of other
 * teams are ignored); a selection that names none of them is refused with
 * 'Select at least one contact' and creates nothing. "Every matching contact"
 * is linked by one INSERT ... SELECT over the same filter the list uses.
 */
export async function createSegmentFromSelection(
  db: Database,
  options: { access: TeamAccess; name: string; selection: ContactSelection },
): Promise<{ id: string; name: string; linked: number }> {
  authorize(options.access, "segments.write");
  return db.transaction().execute(async (trx) => {
    const { selection, access } = options;
    const { teamId } = access;
    const segment = await createSegment(trx, { access, name: options.name });
    const linked =
      selection.kind === "ids"
        ? (await addContactsToSegment(trx, { access, segmentId: segment.id, contactIds: selection.contactIds })).linked
        : await linkMatchingContacts(trx, {
            teamId,
            segmentId: segment.id,
            search: selection.search,
            hasPhone: selection.hasPhone,
          });
    if (linked === 0) {
      throw new AppError("INVALID", NOTHING_SELECTED, { fields: { contactIds: [NOTHING_SELECTED] } });
    }
    return { ...segment, linked };
  });
}

async function linkMatchingContacts(
  db: Database,
  options: { teamId: string; segmentId: string; search?: string; hasPhone?: HasPhone },
): Promise<number> {
  const result = await db
    .insertInto("segmentMembers")
    .columns(["segmentId", "contactId"])
    .expression(
      db
        .selectFrom("contacts")
        .select([sql<string>`${options.segmentId}::uuid`.as("segmentId"), "contacts.id"])
        .where(whereContactFilter(options)),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * How many contacts a selection stands for, before the segment exists: the ids
 * given (each once), or every contact matching the filters, counted as the
 * Contacts page counts them (exact up to a cap, then `capped`).
 */
export async function countSelection(
  db: Database,
  options: { teamId: string; selection: ContactSelection },
): Promise<{ count: number; capped: boolean }> {
  if (options.selection.kind === "ids") return { count: new Set(options.selection.contactIds).size, capped: false };
  const { search, hasPhone } = options.selection;
  const { total, capped } = await countContacts(db, { teamId: options.teamId, search, hasPhone });
  return { count: total, capped };
}
