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

/** What a page says while PostgreSQL is out of reach, with or without JavaScript. */
export const PAGE_UNAVAILABLE =
  "Murmur cannot reach its database for a moment. Nothing you did is lost; try again in a few seconds.";

/** How long a browser or load balancer is asked to wait before asking again (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER = "2";

/**
 * A client-side navigation's data request that failed for want of the database: a 503
 * with Retry-After and PAGE_UNAVAILABLE as plain text. Without React Router's own
 * response header, its client reads any answer of 400 or more as a route error response
 * of that status and text, so the page says the same as a full page load would.
 */
export function unavailableDataResponse(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete("X-Remix-Response");
  headers.delete("Content-Length");
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Retry-After", UNAVAILABLE_RETRY_AFTER);
  return new Response(PAGE_UNAVAILABLE, { status: 503, statusText: "Service Unavailable", headers });
}
