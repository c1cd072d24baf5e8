import { redirect } from "react-router";
import { isAppError } from "#server/errors.ts";
import { flashToasts } from "./toast.ts";

/**
 * What a list page's loader reads, or, when its page link holds a cursor that is
 * no longer valid (edited by hand, or from an older version), a redirect to the
 * first page with a toast saying so: the list starts over rather than fails.
 */
export async function startOverOnStaleCursor<T>(
  reading: Promise<T>,
  options: { firstPage: string; message: string },
): Promise<T> {
  try {
    return await reading;
  } catch (error) {
    if (!isAppError(error) || !error.fields?.cursor) throw error;
    const toast = await flashToasts({ type: "error", title: "Error", description: options.message });
    throw redirect(options.firstPage, { headers: { "Set-Cookie": toast } });
  }
}
