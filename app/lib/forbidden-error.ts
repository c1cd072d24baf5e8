import { isRouteErrorResponse } from "react-router";

/**
 * The message of a 403 a route threw (the role may not do this: "A Viewer cannot
 * change segments."), or null for any other error, so dialogs and pages say why
 * rather than "something went wrong".
 */
export function forbiddenMessageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  return typeof error.data === "string" && error.data ? error.data : "Your role does not allow this.";
}
