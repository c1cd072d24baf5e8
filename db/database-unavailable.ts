// Told apart from other failures by the API (a 503 to send again) and by the send
// pipeline (answers recorded once the database is back).
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
