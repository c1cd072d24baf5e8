import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** What a recipient's row says when nobody knows whether the provider got the message. */
export const UNKNOWN_OUTCOME =
  "The worker stopped while handing this message to the provider, so it may or may not have been sent. It is not sent again.";

/**
 * Extends this worker's claims on the messages it has in flight (`ids`, those it still
 * holds in memory): a live worker's messages in flight never turn unknown. Only those:
 * a message whose answer this worker could not write (the database away longer than a
 * lease) is no longer in flight here, and must lapse into an unknown outcome like a dead
 * worker's, not stay `sending` for as long as the worker lives.
 */
export async function renewLeases(
  db: Database,
  options: { owner: string; leaseSeconds: number; ids: string[] },
): Promise<void> {
  if (options.ids.length === 0) return;
  await sql`
    update deliveries set lease_expires_at = now() + make_interval(secs => ${options.leaseSeconds})
    where id = any(${options.ids}::uuid[]) and status = 'sending' and lease_owner = ${options.owner}`.execute(db);
}

/**
 * Deliveries left in `sending` by a worker that stopped renewing its claim (it died
 * between handing them to the provider and recording the answer) become `unknown`.
 * They are never claimed again: re-sending could deliver a message twice. Returns
 * the campaigns touched, which may now be finished. Leases are judged as of `at`,
 * the database's clock unless given (a test names the moment instead of sleeping
 * through a lease).
 */
export async function expireLeases(db: Database, options: { at?: Date } = {}): Promise<string[]> {
  const at = options.at ?? null;
  const { rows } = await sql<{ campaignId: string }>`
    update deliveries set status = 'unknown', error = ${UNKNOWN_OUTCOME}, updated_at = now()
    where status = 'sending' and lease_expires_at < coalesce(${at}::timestamptz, now())
    returning campaign_id`.execute(db);
  return [...new Set(rows.map((row) => row.campaignId))];
}
