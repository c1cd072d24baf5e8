import type { Database } from "#db/database.ts";
import { trackLongLivedResponse } from "#server/long-lived-responses.ts";
import { log } from "#server/log.ts";
import { UnreadWatch } from "./live-unread.ts";

let processWatch: UnreadWatch | null = null;

/** The one watch of this process, made on the first stream. */
function watchOf(db: Database): UnreadWatch {
  processWatch ??= new UnreadWatch(db);
  return processWatch;
}

/**
 * The bell's live count as server-sent events: `unread` events carrying the
 * count whenever it changes (the first at once), a comment now and then, and a
 * `signed-out` event that ends the stream when the session does. It ends too
 * when the browser goes (`signal`) and when the server stops. Throws UNAVAILABLE
 * when the process is full.
 */
export function streamUnreadCount(
  db: Database,
  options: { sessionId: string; signal: AbortSignal; watch?: UnreadWatch },
): Response {
  const watch = options.watch ?? watchOf(db);
  watch.requireRoom();
  const encoder = new TextEncoder();
  let stop = () => {};
  let untrack = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const end = () => {
        stop();
        untrack();
        try {
          controller.close();
        } catch {
          // Already closed by the browser leaving.
        }
      };
      stop = watch.add({
        sessionId: options.sessionId,
        onCount: (unread) => write(`event: unread\ndata: ${unread}\n\n`),
        onSignedOut: () => {
          write("event: signed-out\ndata: \n\n");
          end();
        },
        onHeartbeat: () => write(": heartbeat\n\n"),
      });
      // A stopping server ends the stream rather than wait for the browser to leave.
      untrack = trackLongLivedResponse(end);
      // Browsers reconnect after a dropped stream; not sooner than this.
      write("retry: 10000\n\n");
      options.signal.addEventListener("abort", end, { once: true });
      watch.poll().catch((error: unknown) => log.warn({ err: error }, "unread count poll failed"));
    },
    cancel() {
      stop();
      untrack();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
