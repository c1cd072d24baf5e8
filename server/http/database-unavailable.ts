import { AppError } from "#server/errors.ts";

// SQLSTATEs of a server that is going away or not yet back: connection exceptions
// (class 08), and admin_shutdown, crash_shutdown and cannot_connect_now (a restart, a
// failover, a server still starting).
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03"]);
// Node's codes for a server that refuses or drops the connection.
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
// pg's own errors for a connection that ended under it carry no code, only these messages.
const ENDED_CONNECTION = /^Connection terminated|not queryable|Connection terminated unexpectedly/;

/**
 * Whether `error` says PostgreSQL could not be reached or ended the connection, rather
 * than refusing the statement: the request may succeed when sent again in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (code.startsWith("08") || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)))
    return true;
  return ENDED_CONNECTION.test(error.message);
}

/**
 * The refusal for a request whose database went away (a 503 with Retry-After): clients
 * and load balancers treat it as passing, where a 500 says the request itself failed.
 * Every write of the API is safe to send again (messageIds, import chunk indexes).
 */
export function databaseUnavailable(): AppError {
  return new AppError("UNAVAILABLE", "The database cannot be reached for a moment. Please try again shortly.", {
    retryAfterSeconds: 2,
  });
}
