import { collectDefaultMetrics, Registry } from "prom-client";

/**
 * The process's one metrics registry: every `murmur_*` metric registers here and
 * `/metrics` writes it out. Its own registry rather than prom-client's global one, so
 * a library that registers metrics of its own cannot add names we never chose.
 */
export const registry = new Registry();

// CPU, memory, heap, handles and the event loop's lag (prom-client samples it with
// monitorEventLoopDelay): murmur_process_*, murmur_nodejs_eventloop_lag_seconds and the like.
collectDefaultMetrics({ register: registry, prefix: "murmur_" });
