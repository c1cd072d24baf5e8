/**
 * Responses that stay open until the client leaves (server-sent event streams). A
 * graceful stop waits for every request in progress, so these would hold it until
 * the orchestrator's kill: stopServing ends them instead, and their browsers
 * reconnect to another process.
 */
const enders = new Set<() => void>();

/** Registers what ends one open response; returns what unregisters it once it has ended. */
export function trackLongLivedResponse(end: () => void): () => void {
  enders.add(end);
  return () => enders.delete(end);
}

/** Ends every open response registered in this process. */
export function endLongLivedResponses(): void {
  for (const end of [...enders]) end();
  enders.clear();
}
