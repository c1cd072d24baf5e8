import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** What a recipient's row says when nobody knows whether the provider got the message. */
export const UNKNOWN_OUTCOME =
  "The worker stopped while handing this message to the provider, so it may or may not have been sent. It is not sent again.";

/** Extends the claims this worker holds on messages in flight; a live worker's deliveries never turn unknown. */
export async function renewLeases(db: Database, options: { owner: string; leaseSeconds: number }): Promise<void> {
  await sql`
    update deliveries set lease_expires_at = now() + make_interval(secs => ${options.leaseSeconds})
    where status = 'sending' and lease_owner = ${options.owner}`.execute(db);
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
