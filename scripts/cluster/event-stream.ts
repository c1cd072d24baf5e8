// Product events at a steady rate through Segment's own Node SDK (unmodified), pointed
// at the load balancer: what a team's backend does. Its retries are the SDK's.
import { Analytics } from "@segment/analytics-node";

export type EventStream = {
  /** Events handed to the SDK so far. */
  enqueued: () => number;
  /** Events in batches the API answered 2xx. */
  acknowledged: () => number;
  /** Stops producing, flushes what the SDK holds and says what happened. */
  finish: () => Promise<{ enqueued: number; acknowledged: number; failedBatches: number; seconds: number }>;
};

/**
 * Tracks `ratePerSecond` events a second until finished, each with its own messageId
 * (`<runId>-<n>`) and its number in properties.n. When the API falls behind, the
 * stream waits rather than letting the SDK's queue grow without end, so the rate
 * reached is what the topology took, reported as such.
 */
export function startEventStream(options: {
  url: string;
  writeKey: string;
  runId: string;
  ratePerSecond: number;
  fetch: typeof fetch;
}): EventStream {
  let acknowledged = 0;
  let failedBatches = 0;
  const analytics = new Analytics({
    writeKey: options.writeKey,
    host: options.url,
    flushAt: 200,
    flushInterval: 100,
    // A database restart lasts seconds: the SDK's backoff (doubling from 100 ms) outlasts it with room.
    maxRetries: 12,
    httpRequestTimeout: 30_000,
    httpClient: async (url, init) => {
      const response = await options.fetch(url, init);
      if (response.status >= 200 && response.status < 300)
        acknowledged += (JSON.parse(init.body) as { batch: unknown[] }).batch.length;
      return response;
    },
  });
  analytics.on("error", () => (failedBatches += 1));
  const started = performance.now();
  let enqueued = 0;
  let stopped = false;
  const backlogLimit = Math.max(1000, options.ratePerSecond * 5);
  const timer = setInterval(() => {
    if (stopped) return;
    const due = Math.floor(((performance.now() - started) / 1000) * options.ratePerSecond);
    while (enqueued < due && enqueued - acknowledged < backlogLimit) {
      const n = enqueued++;
      analytics.track({
        userId: `cluster-user-${n % 1000}`,
        event: n % 3 ? "Page Viewed" : "Report Exported",
        properties: { n },
        messageId: `${options.runId}-${n}`,
      });
    }
  }, 20);
  return {
    enqueued: () => enqueued,
    acknowledged: () => acknowledged,
    async finish() {
      stopped = true;
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await analytics.closeAndFlush({ timeout: 120_000 });
      return { enqueued, acknowledged, failedBatches, seconds };
    },
  };
}
