import { randomUUID } from "node:crypto";
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { registry } from "./registry.ts";

// Under WEB_CONCURRENCY the port is shared: a scrape reaches whichever web process the
// primary deals the connection to. So that every scrape sees the whole container, the
// web process that receives it asks the primary, which gathers every web process's
// figures and its own (the job worker's) and adds them up (counters and histograms
// summed; the queue gauges, read alike by every process, taken once).

const SCRAPE = "murmur:metrics-scrape";
const REPORT = "murmur:metrics-report";
const ANSWER_MS = 2000;

type Figures = MetricObjectWithValues<MetricValue<string>>[];
type Message = { type?: string; id?: string; figures?: Figures; text?: string };

const waiting = new Map<string, (message: Message) => void>();

/** A message's answer from `target`, or undefined when none comes within ANSWER_MS (a process that is stopping). */
function ask(target: { send?: (message: Message) => unknown }, type: string): Promise<Message | undefined> {
  const id = randomUUID();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(undefined);
    }, ANSWER_MS);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(message);
    });
    target.send?.({ type, id });
  });
}

function answered(message: Message): boolean {
  const resolve = message.id ? waiting.get(message.id) : undefined;
  resolve?.(message);
  return resolve !== undefined;
}

/** In the primary: every live web process's figures and the primary's own, added up as Prometheus text. */
async function gatherContainer(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker?.isConnected());
  const reports = await Promise.all(workers.map((worker) => ask(worker, REPORT)));
  // One list of metrics per process: the primary's, then each web process that answered.
  const perProcess = [await registry.getMetricsAsJSON(), ...reports.map((report) => report?.figures ?? [])];
  return AggregatorRegistry.aggregate(perProcess as Figures[]).metrics();
}

/**
 * In the primary of a node:cluster: answers web processes that ask for the container's
 * metrics, and collects their reports. Call once, before forking.
 */
export function serveClusterMetrics(): void {
  cluster.on("message", (worker, message: Message) => {
    if (message?.type === SCRAPE) {
      void gatherContainer().then(
        (text) => worker.send({ type: SCRAPE, id: message.id, text }),
        // No answer text: the web process answers a 503 rather than one process's figures as the container's.
        () => worker.send({ type: SCRAPE, id: message.id }),
      );
    } else if (message) answered(message);
  });
}

// In a web process: reports its figures when the primary asks, and receives answers to its scrapes.
if (cluster.isWorker) {
  process.on("message", (message: Message) => {
    if (message?.type === REPORT && message.id)
      void registry.getMetricsAsJSON().then((figures) => process.send?.({ type: REPORT, id: message.id, figures }));
    else if (message) answered(message);
  });
}

/**
 * The metrics a scrape of this process answers: its own, or in a web process of a
 * cluster, the whole container's; undefined when the primary could not gather them.
 */
export async function scrapeText(): Promise<string | undefined> {
  if (!cluster.isWorker) return registry.metrics();
  return (await ask(process, SCRAPE))?.text;
}
