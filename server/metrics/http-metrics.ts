import { Counter, Histogram } from "prom-client";
import { registry } from "./registry.ts";

// Labels are the route's pattern (never the path: ids would make a series per contact),
// the method and the status code, so the series stay a few hundred at most.
const labelNames = ["route", "method", "status"] as const;

const requests = new Counter({
  name: "murmur_http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status code.",
  labelNames,
  registers: [registry],
});

const duration = new Histogram({
  name: "murmur_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route pattern, method and status code.",
  labelNames,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** Counts one answered request and its duration; `route` is a pattern such as `/contacts/:id`. */
export function observeRequest(answer: { route: string; method: string; status: number; seconds: number }): void {
  const labels = { route: answer.route, method: answer.method, status: String(answer.status) };
  requests.inc(labels);
  duration.observe(labels, answer.seconds);
}
