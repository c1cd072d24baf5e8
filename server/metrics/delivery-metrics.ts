import { Counter } from "prom-client";
import { registry } from "./registry.ts";

const sent = new Counter({
  name: "murmur_messages_sent_total",
  help: "Messages a provider accepted, by channel; rate() of it is the send rate.",
  labelNames: ["channel"] as const,
  registers: [registry],
});

const failed = new Counter({
  name: "murmur_messages_failed_total",
  help: "Messages that failed, by channel; retry says whether another attempt is queued (true) or the failure is final (false).",
  labelNames: ["channel", "retry"] as const,
  registers: [registry],
});

/** Counts a provider's answer to one message: sent, failed for good, or queued again (`queued`). */
export function countMessageOutcome(channel: string, status: "sent" | "failed" | "queued"): void {
  if (status === "sent") sent.inc({ channel });
  else failed.inc({ channel, retry: status === "queued" ? "true" : "false" });
}
