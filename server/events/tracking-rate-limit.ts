import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { countHits, type RateRule } from "#server/rate-limits/counters.ts";
import { describeWait } from "#server/rate-limits/refusal.ts";

/*
 * The tracking API's limit per write key. A real product sends thousands of
 * events a second, so a database write per request just to count it would cost
 * as much as the events themselves. Each process therefore keeps a token bucket
 * per key in memory (the check is arithmetic), and adds up what it let through:
 * every `flushEvery` requests, or once a `flushMs` has passed, it adds that sum
 * to the key's counter in PostgreSQL, where every process's requests meet. When
 * the shared count is over the limit for its window, this process refuses the
 * key until that window ends.
 *
 * The trade-off: across P processes a key can exceed the shared limit by at
 * most P × flushEvery requests (plus a flush interval) before they all know; no
 * single process ever lets through more than its own bucket allows. Memory is
 * one small record per live write key: keys are only counted after they are
 * found valid, and idle records are dropped.
 */

export type TrackingLimitSettings = {
  /** Sustained requests per second per write key, across all processes. */
  ratePerSecond: number;
  /** Requests one process lets a key send at once, after it was quiet. */
  burst: number;
  flushEvery: number;
  flushMs: number;
  /** Milliseconds since the epoch; injected so tests move time instead of waiting. */
  now: () => number;
};

export const DEFAULT_TRACKING_LIMITS: TrackingLimitSettings = {
  ratePerSecond: 5000,
  burst: 10_000,
  flushEvery: 500,
  flushMs: 1000,
  now: () => Date.now(),
};

// Shared windows of 10 s: long enough to smooth a burst, short enough that a
// refused key is not held back long after it slows down.
const SHARED_WINDOW_SECONDS = 10;
const IDLE_MS = 60_000;
const MAX_KEYS = 10_000;

type KeyState = { tokens: number; refilledAt: number; unflushed: number; flushedAt: number; blockedUntil: number };

export type TrackingLimiter = {
  /** Lets one request of this key through, or throws RATE_LIMITED with the seconds to wait. */
  take: (db: Database, key: string) => Promise<void>;
};

/** A limiter for one process; see the comment above for how processes agree. */
export function createTrackingLimiter(overrides: Partial<TrackingLimitSettings> = {}): TrackingLimiter {
  const settings = { ...DEFAULT_TRACKING_LIMITS, ...overrides };
  const rule: RateRule = {
    name: "tracking-write-key",
    limit: settings.ratePerSecond * SHARED_WINDOW_SECONDS,
    windowSeconds: SHARED_WINDOW_SECONDS,
  };
  const keys = new Map<string, KeyState>();

  function refuse(waitMs: number): never {
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError(
      "RATE_LIMITED",
      `Too many requests for this write key. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
      { retryAfterSeconds },
    );
  }

  function forgetIdle(now: number) {
    for (const [key, state] of keys) {
      if (now - state.refilledAt > IDLE_MS && state.unflushed === 0) keys.delete(key);
    }
  }

  async function flush(db: Database, key: string, state: KeyState, now: number) {
    const amount = state.unflushed;
    state.unflushed = 0;
    state.flushedAt = now;
    const [counted] = await countHits(db, [{ rule, key, amount }], { now: new Date(now) });
    if (counted!.exceeded) state.blockedUntil = now + counted!.retryAfterSeconds * 1000;
  }

  return {
    async take(db, key) {
      const now = settings.now();
      let state = keys.get(key);
      if (!state) {
        if (keys.size >= MAX_KEYS) forgetIdle(now);
        state = { tokens: settings.burst, refilledAt: now, unflushed: 0, flushedAt: now, blockedUntil: 0 };
        keys.set(key, state);
      }
      if (now < state.blockedUntil) refuse(state.blockedUntil - now);
      state.tokens = Math.min(
        settings.burst,
        state.tokens + ((now - state.refilledAt) / 1000) * settings.ratePerSecond,
      );
      state.refilledAt = now;
      if (state.tokens < 1) refuse(((1 - state.tokens) / settings.ratePerSecond) * 1000);
      state.tokens -= 1;
      state.unflushed += 1;
      if (state.unflushed >= settings.flushEvery || now - state.flushedAt >= settings.flushMs)
        await flush(db, key, state, now);
    },
  };
}

/** The process's limiter for the tracking API. */
export const trackingLimiter = createTrackingLimiter();
