import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";

/**
 * An id from a URL. A malformed one cannot name anything of this team, so it
 * answers 404 like an id of another team, never a database error.
 */
export function requireId(value: string | undefined, notFoundMessage: string): string {
  if (!isWellFormedId(value)) throw new AppError("NOT_FOUND", notFoundMessage);
  return value;
}
