import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

/** What a recipient's row says when nobody knows whether the provider got the message. */
export const UNKNOWN_OUTCOME =
  "The worker stopped while handing this message to the provider, so it may or may not have been sent. It is not sent again.";

/** Extends this worker's claims, handed over or not; a live worker's deliveries never lapse. */
export async function renewLeases(db: Database, options: { owner: string; leaseSeconds: number }): Promise<void> {
  await sql`
    update deliveries set lease_expires_at = now() + make_interval(secs => ${options.leaseSeconds})
    where status in ('claimed', 'sending') and lease_owner = ${options.owner}`.execute(db);
}

/**
 * Claims of a worker that stopped renewing them (it died) end here, in one statement.
 * A `claimed` delivery was never handed to the provider: it goes back to `queued`,
 * its attempt not counted, and is sent by the chunk's next job. A `sending` one may
 * have reached the provider before the worker died: it becomes `unknown` and is never
 * sent again, since re-sending could deliver it twice. Returns the campaigns with new
 * unknown outcomes, which may now be finished.
 */
export async function expireLeases(db: Database): Promise<string[]> {
  const { rows } = await sql<{ campaignId: string; status: string }>`
    update deliveries set
      status = case when status = 'claimed' then 'queued' else 'unknown' end,
      attempts = case when status = 'claimed' then greatest(attempts - 1, 0) else attempts end,
      error = case when status = 'claimed' then error else ${UNKNOWN_OUTCOME} end,
      lease_owner = case when status = 'claimed' then null else lease_owner end,
      lease_expires_at = case when status = 'claimed' then null else lease_expires_at end,
      updated_at = now()
    where status in ('claimed', 'sending') and lease_expires_at < now()
    returning campaign_id, status`.execute(db);
  return [...new Set(rows.filter((row) => row.status === "unknown").map((row) => row.campaignId))];
}
