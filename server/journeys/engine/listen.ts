import type { Database } from "#db/database.ts";
import { type ContactChange, onContactChanges } from "#server/contact-changes.ts";
import { enterChangedContacts, enterCreatedContacts, enterSegmentMembers } from "./enter-contacts.ts";

async function enterOnContactChange(trx: Database, change: ContactChange): Promise<void> {
  const { teamId } = change;
  if (change.created?.length) await enterCreatedContacts(trx, { teamId, contactIds: change.created });
  if (change.changed?.length) await enterChangedContacts(trx, { teamId, contactIds: change.changed });
  if (change.joined?.contactIds.length) await enterSegmentMembers(trx, { teamId, ...change.joined });
}

/**
 * Makes contact writes (imports, the API, segment membership) enter journeys:
 * contacts created, contacts changed (filter segments) and contacts added to a
 * static segment. Called once at start-up; calling it again changes nothing.
 */
export function enterJourneysOnContactChanges(): void {
  onContactChanges(enterOnContactChange);
}
