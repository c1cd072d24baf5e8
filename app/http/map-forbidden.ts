import { data } from "react-router";
import { isAppError } from "#server/errors.ts";

/**
 * A page's loader or action whose FORBIDDEN (the role may not do this, as
 * server/teams/permissions.ts decides) leaves as a 403 carrying the domain's sentence
 * ("A Viewer cannot see the audit log."), which the error boundary shows.
 */
export function mapForbidden<Args, Result>(handler: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isAppError(error) && error.code === "FORBIDDEN") throw data(error.message, { status: 403 });
      throw error;
    }
  };
}
