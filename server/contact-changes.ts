import type { Database } from "#db/database.ts";

/**
 * Contacts just written: created, changed (fields or attributes), added to a static
 * segment, who just opened or clicked a message (a person's hit, not a machine's),
 * whose subscription to a channel just ended (an unsubscribe link, an SMS STOP), or
 * who were just sent a message (the channel accepted it: the ledger's `sent`).
 */
export type ContactChange = {
  teamId: string;
  created?: string[];
  changed?: string[];
  joined?: { segmentId: string; contactIds: string[] };
  engaged?: string[];
  unsubscribed?: string[];
  received?: string[];
};

type Listener = (trx: Database, change: ContactChange) => Promise<void>;
/** Whether a listener would do anything with some kind of change to a team's contacts. */
type Interest = (db: Database, teamId: string) => Promise<boolean>;

const listeners: Listener[] = [];
const receivedInterests: Interest[] = [];
// One per listener; a listener registered without one hears of every write.
const writeInterests: Interest[] = [];

/**
 * Lets a domain that depends on contacts and segments (journeys start when a contact
 * is created or joins a segment) hear of those writes without the contacts, segments
 * and tracking domains depending on it. Registered once at start-up (server/boot.ts).
 */
export function onContactChanges(
  listener: Listener,
  options: { receivedFor?: Interest; writesFor?: Interest } = {},
): void {
  if (listeners.includes(listener)) return;
  listeners.push(listener);
  if (options.receivedFor) receivedInterests.push(options.receivedFor);
  writeInterests.push(options.writesFor ?? (async () => true));
}

/**
 * Whether telling of messages sent to the team's contacts (`received`) would change
 * anything: the send pipeline records its answers in a transaction with the listeners
 * only then, so a team no listener cares about pays nothing per message.
 */
export async function wantsReceivedChanges(db: Database, teamId: string): Promise<boolean> {
  for (const interest of receivedInterests) if (await interest(db, teamId)) return true;
  return false;
}

/**
 * Whether telling of contacts written (created, changed, added to a segment) would
 * change anything for the team: an import gathers the ids of a chunk's contacts
 * only then, which cost it as much as a tenth of its time for nobody.
 */
export async function wantsContactWrites(db: Database, teamId: string): Promise<boolean> {
  for (const interest of writeInterests) if (await interest(db, teamId)) return true;
  return false;
}

/**
 * Tells the listeners of contacts just written, in the writer's transaction, so
 * what they do commits (or rolls back) with the write.
 */
export async function notifyContactChanges(trx: Database, change: ContactChange): Promise<void> {
  for (const listener of listeners) await listener(trx, change);
}
