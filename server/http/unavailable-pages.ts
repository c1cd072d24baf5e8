import { isDatabaseUnavailable } from "#db/database-unavailable.ts";

// Pages whose loader or action failed because PostgreSQL could not be reached. React
// Router hands the page's original error to the entry's handleError and only a
// sanitised copy to the document render, so the one is noted here for the other.
const failedForDatabase = new WeakSet<Request>();

/** Notes `request` as failed for want of the database when `error` says so; returns whether it did. */
export function notePageFailure(request: Request, error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  failedForDatabase.add(request);
  return true;
}

/**
 * Whether a page request failed only because the database was unreachable: it answers
 * 503 with Retry-After like the API, so a load balancer or a browser's retry treats it
 * as passing, where a 500 says the page itself is broken.
 */
export function pageFailedForDatabase(request: Request): boolean {
  return failedForDatabase.has(request);
}
