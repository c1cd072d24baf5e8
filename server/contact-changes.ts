import type { Database } from "#db/database.ts";

/**
 * Contacts just written: created, changed (fields or attributes), added to a static
 * segment, who just opened or clicked a message (a person's hit, not a machine's), or
 * whose subscription to a channel just ended (an unsubscribe link, an SMS STOP).
 */
export type ContactChange = {
  teamId: string;
  created?: string[];
  changed?: string[];
  joined?: { segmentId: string; contactIds: string[] };
  engaged?: string[];
  unsubscribed?: string[];
};

type Listener = (trx: Database, change: ContactChange) => Promise<void>;

const listeners: Listener[] = [];

/**
 * Lets a domain that depends on contacts and segments (journeys start when a contact
 * is created or joins a segment) hear of those writes without the contacts, segments
 * and tracking domains depending on it. Registered once at start-up (server/boot.ts).
 */
export function onContactChanges(listener: Listener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/**
 * Tells the listeners of contacts just written, in the writer's transaction, so
 * what they do commits (or rolls back) with the write.
 */
export async function notifyContactChanges(trx: Database, change: ContactChange): Promise<void> {
  for (const listener of listeners) await listener(trx, change);
}
