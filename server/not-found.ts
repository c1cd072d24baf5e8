import { AppError } from "./errors.ts";

// Murmur's contract for looking a resource up by id: `get*` functions answer the
// resource or throw NOT_FOUND (unknown, malformed or another team's id, all alike, so
// nothing confirms that another team's resource exists); `find*` functions answer
// undefined, and exist only where absence is a normal answer, not an error.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be the id of anything stored. A malformed id names nothing,
 * so lookups answer it like an unknown one rather than hand PostgreSQL a value it
 * refuses as a uuid (a 500).
 */
export function isWellFormedId(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** `value` when it was found; otherwise NOT_FOUND with `message`, the text the client is shown. */
export function requireFound<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new AppError("NOT_FOUND", message);
  return value;
}
