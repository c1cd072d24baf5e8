import type { Database } from "#db/database.ts";
import { type Entrant, enterJourneys } from "./enter.ts";
import { enterMatchingFilterSegments } from "./filter-entries.ts";
import { teamJourneys } from "./team-journeys.ts";

/**
 * Contacts just created (an identify call, an import, the API) enter the team's
 * live journeys that start with a contact being created. Call it in the
 * transaction that creates them, so a contact enters exactly when it exists.
 * Costs a cached read when the team has no such journey. `existedFrom` is, for a
 * contact created by tracked messages, the own time of its earliest one: awaited
 * events and goals count from then, so an event sent in the same batch as the
 * identify that created the contact is found by a wait for it (the entry's own
 * time, a moment later, would pass over it). The same holds for the filter segments
 * a new contact enters.
 */
export async function enterCreatedContacts(
  trx: Database,
  options: { teamId: string; contactIds: string[]; existedFrom?: ReadonlyMap<string, Date> },
): Promise<number> {
  if (options.contactIds.length === 0) return 0;
  const { live } = await teamJourneys(trx, options.teamId);
  const entrants: Entrant[] = live
    .filter((journey) => journey.version.definition.entry.type === "contact_created")
    .flatMap((journey) =>
      options.contactIds.map((contactId) => ({
        journey,
        contactId,
        messageId: null,
        properties: {},
        occurredAt: options.existedFrom?.get(contactId)?.toISOString() ?? null,
      })),
    );
  const entered = await enterJourneys(trx, entrants);
  return entered + (await enterMatchingFilterSegments(trx, options));
}

/**
 * Contacts whose fields or attributes just changed (an identify call, an import)
 * enter the journeys of filter segments they now match. Call it in the transaction
 * of the change.
 */
export async function enterChangedContacts(
  trx: Database,
  options: { teamId: string; contactIds: string[] },
): Promise<number> {
  return enterMatchingFilterSegments(trx, options);
}

/**
 * Contacts just added to a static segment (an import into a list, the API) enter
 * the team's live journeys that start with that segment, as their re-entry rules
 * allow. Call it in the transaction that adds them.
 */
export async function enterSegmentMembers(
  trx: Database,
  options: { teamId: string; segmentId: string; contactIds: string[] },
): Promise<number> {
  if (options.contactIds.length === 0) return 0;
  const { live } = await teamJourneys(trx, options.teamId);
  const entrants: Entrant[] = live
    .filter((journey) => {
      const entry = journey.version.definition.entry;
      return entry.type === "segment" && entry.segmentId === options.segmentId;
    })
    .flatMap((journey) =>
      options.contactIds.map((contactId) => ({ journey, contactId, messageId: null, properties: {} })),
    );
  return enterJourneys(trx, entrants);
}
