/**
 * Which contact a team's Segment userId names, remembered per process: track
 * calls name the same people over and over, and finding the contact costs
 * PostgreSQL an index lookup per event. A userId, once a contact's external id,
 * stays that contact's (identify only fills an empty external id, and contacts
 * are not deleted), so a remembered pair does not go stale; pairs still expire
 * after a few minutes, so that any later way of changing that costs at most as
 * long. Only pairs read from committed rows are remembered. Bounded per process.
 */
const TTL_MS = 5 * 60_000;
const MAX_PAIRS = 200_000;
const known = new Map<string, Map<string, { contactId: string; until: number }>>();
let pairs = 0;

/** The contact of the team's userId, if this process has seen it lately. */
export function knownContact(teamId: string, userId: string, now: number): string | undefined {
  const entry = known.get(teamId)?.get(userId);
  return entry && entry.until > now ? entry.contactId : undefined;
}

export function rememberContacts(teamId: string, found: { userId: string; contactId: string }[], now: number): void {
  if (pairs + found.length > MAX_PAIRS) {
    known.clear();
    pairs = 0;
  }
  let team = known.get(teamId);
  if (!team) known.set(teamId, (team = new Map()));
  for (const { userId, contactId } of found) {
    if (!team.has(userId)) pairs += 1;
    team.set(userId, { contactId, until: now + TTL_MS });
  }
}
