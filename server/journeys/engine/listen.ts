import type { Database } from "#db/database.ts";
import { type ContactChange, onContactChanges } from "#server/contact-changes.ts";
import { enterChangedContacts, enterCreatedContacts, enterSegmentMembers } from "./enter-contacts.ts";
import { enterMatchingFilterSegments } from "./filter-entries.ts";
import { teamJourneys } from "./team-journeys.ts";

async function enterOnContactChange(trx: Database, change: ContactChange): Promise<void> {
  const { teamId } = change;
  if (change.created?.length) await enterCreatedContacts(trx, { teamId, contactIds: change.created });
  if (change.changed?.length) await enterChangedContacts(trx, { teamId, contactIds: change.changed });
  if (change.joined?.contactIds.length) {
    await enterSegmentMembers(trx, { teamId, ...change.joined });
    // Filters naming the segment: contacts created or changed by the same write were evaluated against every filter above.
    const written = new Set([...(change.created ?? []), ...(change.changed ?? [])]);
    const contactIds = change.joined.contactIds.filter((id) => !written.has(id));
    const write = { kind: "membership" as const, segmentId: change.joined.segmentId };
    await enterMatchingFilterSegments(trx, { teamId, contactIds, write });
  }
  if (change.engaged?.length)
    await enterMatchingFilterSegments(trx, { teamId, contactIds: change.engaged, write: { kind: "engagement" } });
  if (change.unsubscribed?.length)
    await enterMatchingFilterSegments(trx, {
      teamId,
      contactIds: change.unsubscribed,
      write: { kind: "subscription" },
    });
  if (change.received?.length)
    await enterMatchingFilterSegments(trx, { teamId, contactIds: change.received, write: { kind: "received" } });
}

/**
 * Some live journey of the team starts with a filter segment: a message sent may enter it.
 * A journey of a static list is not asked: each window of messages sent to the contacts
 * entering it paid for a savepoint and a read of the team's segments, for nothing.
 */
async function startsWithFilterSegment(db: Database, teamId: string): Promise<boolean> {
  return (await teamJourneys(db, teamId)).startsWithFilter;
}

/** Some journey of the team is live: a contact written may enter it. */
async function hasLiveJourney(db: Database, teamId: string): Promise<boolean> {
  const { live } = await teamJourneys(db, teamId);
  return live.length > 0;
}

/**
 * Makes contact writes (imports, the API, segment membership, opens and clicks)
 * enter journeys: contacts created, contacts changed (filter segments), contacts
 * added to a static segment (its journeys, and those of filter segments naming it),
 * contacts who opened or clicked (filter segments on engagement), contacts who
 * unsubscribed (filter segments on a subscription) and contacts just sent a message
 * (filter segments on having received one). Called once at
 * start-up; calling it again changes nothing.
 */
export function enterJourneysOnContactChanges(): void {
  onContactChanges(enterOnContactChange, { receivedFor: startsWithFilterSegment, writesFor: hasLiveJourney });
}
