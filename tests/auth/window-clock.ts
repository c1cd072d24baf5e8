import { vi } from "vitest";

/**
 * Holds the test's clock one minute into the current hour, so a rate-limit window
 * (15 minutes or an hour, aligned to the epoch) cannot end in the middle of the test:
 * the failures and the refused attempt all count in one window, and the wait it asks
 * for is a known 14 minutes. Only Date is faked; timers and I/O run as usual. The
 * caller restores it with `vi.useRealTimers()`.
 */
export function holdClockOneMinuteIntoTheHour(): Date {
  const hour = 60 * 60 * 1000;
  const at = new Date(Math.floor(Date.now() / hour) * hour + 60_000);
  vi.useFakeTimers({ toFake: ["Date"], now: at });
  return at;
}
