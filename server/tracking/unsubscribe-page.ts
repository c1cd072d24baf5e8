import type { Database } from "#db/database.ts";
import { getTrackingKey } from "./key.ts";
import { readUnsubscribeToken, type UnsubscribeTarget } from "./tokens.ts";
import {
  describeUnsubscribe,
  unsubscribeRecipient,
  type UnsubscribePage,
  type UnsubscribeSource,
} from "./unsubscribe.ts";

const CHANNEL_WORDS = { EMAIL: "emails", SMS: "text messages", WHATSAPP: "WhatsApp messages" } as const;

export type UnsubscribeView =
  { state: "invalid" } | { state: "ask" | "done"; teamName: string; messages: string; address: string | null };

async function targetOf(db: Database, token: string): Promise<UnsubscribeTarget | null> {
  return readUnsubscribeToken(await getTrackingKey(db), token);
}

function viewOf(page: UnsubscribePage | null): UnsubscribeView {
  if (!page) return { state: "invalid" };
  return {
    state: page.unsubscribed ? "done" : "ask",
    teamName: page.teamName,
    messages: CHANNEL_WORDS[page.channel],
    address: maskAddress(page.address),
  };
}

/** What the unsubscribe page at /u/:token shows. Reading it changes nothing. */
export async function unsubscribeView(db: Database, token: string): Promise<UnsubscribeView> {
  const target = await targetOf(db, token);
  return viewOf(target ? await describeUnsubscribe(db, target) : null);
}

/** Unsubscribes the token's recipient; "invalid" when the token is not one Murmur signed. */
export async function unsubscribeByToken(
  db: Database,
  options: { token: string; source: UnsubscribeSource; userAgent: string | null },
): Promise<UnsubscribeView> {
  const target = await targetOf(db, options.token);
  return viewOf(
    target ? await unsubscribeRecipient(db, { target, source: options.source, userAgent: options.userAgent }) : null,
  );
}

/**
 * Enough of the address for its owner to recognise it, not enough to read a
 * stranger's from a forwarded link: a•••@example.com, •••• 0100.
 */
export function maskAddress(address: string | null): string | null {
  if (!address) return null;
  const at = address.lastIndexOf("@");
  if (at > 0) return `${address[0]}•••${address.slice(at)}`;
  return `•••• ${address.slice(-4)}`;
}
