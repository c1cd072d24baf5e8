import { Gauge } from "prom-client";
import { getDb, poolUse } from "#db/database.ts";
import { log } from "#server/log.ts";
import { type QueueDepth, readQueueDepths } from "./queue-depths.ts";
import { registry } from "./registry.ts";

new Gauge({
  name: "murmur_db_pool_connections",
  help: "This process's database connections: total open, idle, and callers waiting for one (state).",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const use = poolUse(getDb());
    if (!use) return;
    for (const [state, count] of Object.entries(use)) this.set({ state }, count);
  },
});

// Both queue gauges collect at the same scrape: they share one read of the job table.
let reading: Promise<QueueDepth[]> | undefined;
function readOnce(): Promise<QueueDepth[]> {
  reading ??= readQueueDepths(getDb())
    .catch((error: unknown) => {
      // A slow or missing job table costs the scrape these two figures, not the others.
      log.warn({ err: error }, "job queue figures could not be read");
      return [];
    })
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

new Gauge({
  name: "murmur_job_queue_depth",
  help: "Jobs due and waiting for a worker (created or retry, start time passed), by queue.",
  labelNames: ["queue"] as const,
  registers: [registry],
  // Every process of a cluster reads the same table: the container's figure is one reading, not their sum.
  aggregator: "max",
  async collect() {
    const queues = await readOnce();
    this.reset();
    for (const queue of queues) this.set({ queue: queue.name }, queue.depth);
  },
});

new Gauge({
  name: "murmur_job_queue_oldest_age_seconds",
  help: "How long the oldest due job of the queue has waited for a worker, 0 when none waits.",
  labelNames: ["queue"] as const,
  registers: [registry],
  aggregator: "max",
  async collect() {
    const queues = await readOnce();
    this.reset();
    for (const queue of queues) this.set({ queue: queue.name }, queue.oldestAgeSeconds);
  },
});
