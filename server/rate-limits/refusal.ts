import { AppError } from "#server/errors.ts";
import type { CountedHit } from "./counters.ts";

/** "45 seconds", "1 minute", "15 minutes": how long to wait, in the unit a person reads. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * Throws RATE_LIMITED (429 with Retry-After) when any counted hit is over its
 * limit, waiting for the latest of their windows to end. `message` gets the
 * wait in words, e.g. "15 minutes".
 */
export function refuseExceeded(counted: CountedHit[], message: (wait: string) => string): void {
  const exceeded = counted.filter((hit) => hit.exceeded);
  if (!exceeded.length) return;
  const retryAfterSeconds = Math.max(...exceeded.map((hit) => hit.retryAfterSeconds));
  throw new AppError("RATE_LIMITED", message(describeWait(retryAfterSeconds)), { retryAfterSeconds });
}
