import { redirect } from "react-router";
import { isAppError } from "#server/errors.ts";
import { throwIfRefused } from "./map-refusals.ts";
import { flashToasts, type Toast } from "./toast.ts";

/** Post/redirect/get for a button form: back to `path`, with a toast the next page shows. */
export async function redirectWithToast(path: string, toast: Toast): Promise<Response> {
  return redirect(path, { headers: { "Set-Cookie": await flashToasts(toast) } });
}

/**
 * For a form that is one button and has no fields to mark: a refusal the domain
 * explains (a 409, an invalid state) goes back to `path` with its message as an error
 * toast. A 403 or a 404 leaves with its status instead, as every page answers them, so
 * a role without the permission or another team's id never reads as a soft failure.
 * Anything that is not an AppError is a bug and is rethrown.
 */
export function redirectWithRefusal(path: string, error: unknown, title: string): Promise<Response> {
  if (!isAppError(error)) throw error;
  throwIfRefused(error);
  return redirectWithToast(path, { type: "error", title, description: error.message });
}
