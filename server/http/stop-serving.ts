import type http from "node:http";
import { endLongLivedResponses } from "#server/long-lived-responses.ts";

/**
 * Stops an HTTP server gracefully: it accepts no new connection, every request in
 * progress is answered, and each connection is ended as soon as it has no request in
 * progress; streams that would never finish (server/long-lived-responses.ts) are ended.
 * Resolves once the last connection has closed.
 *
 * `server.close()` alone ends only the connections idle at that moment; a kept-alive
 * one whose request was in progress would stay open until its client or the keep-alive
 * timeout closed it, so idle connections are closed again until none is left.
 */
export function stopServing(server: http.Server, options: { checkEveryMs?: number } = {}): Promise<void> {
  return new Promise((resolve) => {
    const closeIdle = setInterval(() => server.closeIdleConnections(), options.checkEveryMs ?? 50);
    server.close(() => {
      clearInterval(closeIdle);
      resolve();
    });
    server.closeIdleConnections();
    endLongLivedResponses();
  });
}
