import { data } from "react-router";
import { isAppError } from "#server/errors.ts";

/**
 * A page's loader or action whose refusals leave with their status and the
 * domain's message, which the route's ErrorBoundary shows: NOT_FOUND (an unknown
 * id, a malformed one, another team's) as a 404, FORBIDDEN (the role may not) as
 * a 403. The one place pages map them; the JSON API maps them in apiError.
 */
export function mapRefusals<Args, Result>(handler: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throwIfRefused(error);
      throw error;
    }
  };
}

/**
 * Throws a NOT_FOUND or FORBIDDEN AppError as its status with the domain's message;
 * anything else returns, for the caller to answer. A forbidden action or another
 * team's id is never a message for the page a form came from.
 */
export function throwIfRefused(error: unknown): void {
  if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "FORBIDDEN")) {
    throw data(error.message, { status: error.status });
  }
}
