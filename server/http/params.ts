import { AppError } from "../errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id from a URL. A malformed one cannot name anything of this team, so it
 * answers 404 like an id of another team, never a database error.
 */
export function requireId(value: string | undefined, notFoundMessage: string): string {
  if (!value || !UUID.test(value)) throw new AppError("NOT_FOUND", notFoundMessage);
  return value;
}
