import { data } from "react-router";
import { isAppError } from "#server/errors.ts";

/**
 * A page's loader or action whose NOT_FOUND (an unknown id, a malformed one,
 * another team's) leaves as a 404 carrying the domain's message, which the
 * route's ErrorBoundary shows. The one place pages map it: the domain's `get*`
 * functions throw it and routes let it pass; the JSON API maps it in apiError.
 */
export function mapNotFound<Args, Result>(handler: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
      throw error;
    }
  };
}
