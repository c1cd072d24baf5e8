import type { Route } from "./+types/notifications-stream";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { isAppError } from "#server/errors.ts";
import { streamUnreadCount } from "#server/notifications/unread-stream.ts";

/** The bell's live unread count, as server-sent events for an EventSource. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { sessionId } = context.get(sessionContext);
  try {
    return streamUnreadCount(getDb(), { sessionId, signal: request.signal });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return new Response(error.message, { status: error.status, headers: { "Retry-After": "60" } });
  }
}
