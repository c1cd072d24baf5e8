import { AppError } from "#server/errors.ts";
import { addressKey } from "#server/rate-limits/address-key.ts";
import { describeWait } from "#server/rate-limits/refusal.ts";

/*
 * The tracking API needs no account: anyone can post to /v1 with a made-up write key,
 * and each made-up key used to cost a database lookup. Two bounds, kept per process in
 * memory (a database write to count them would cost what the lookup does):
 * - a key found unknown is remembered, and answered 401 again without a lookup. Keys
 *   are random and a revoked one never comes back, so the answer cannot go stale; an
 *   SDK still sending an old key costs nothing after its first request.
 * - an address (an IPv6 /64, addressKey) that tried DISTINCT_KEYS_PER_MINUTE keys
 *   found unknown within a minute is refused with 429 until that minute ends, whatever
 *   key it sends: a client that guesses keys gets no more lookups. No real client tries
 *   twenty keys a minute, so a network behind one address is not held back by one
 *   misconfigured device.
 * Both maps hold at most MAX_REMEMBERED entries, the oldest dropped first.
 */

export const DISTINCT_KEYS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
const MAX_REMEMBERED = 10_000;

type Guesses = { windowStart: number; keys: number };

export type UnknownWriteKeys = {
  /** Throws RATE_LIMITED when the address has tried too many unknown keys this minute. */
  checkAddress: (ip: string | null | undefined, now?: number) => void;
  /** Whether this key (its hash) was found unknown before. */
  isKnownUnknown: (keyHash: string) => boolean;
  /** Notes a lookup that found no live key. */
  noteUnknown: (keyHash: string, ip: string | null | undefined, now?: number) => void;
};

export function createUnknownWriteKeys(): UnknownWriteKeys {
  const unknownKeys = new Set<string>();
  const byAddress = new Map<string, Guesses>();

  return {
    checkAddress(ip, now = Date.now()) {
      const guesses = byAddress.get(addressKey(ip));
      if (!guesses || now - guesses.windowStart >= WINDOW_MS || guesses.keys < DISTINCT_KEYS_PER_MINUTE) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((guesses.windowStart + WINDOW_MS - now) / 1000));
      throw new AppError(
        "RATE_LIMITED",
        `Too many unknown write keys from this address. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
        { retryAfterSeconds },
      );
    },
    isKnownUnknown: (keyHash) => unknownKeys.has(keyHash),
    noteUnknown(keyHash, ip, now = Date.now()) {
      remember(unknownKeys, keyHash);
      const address = addressKey(ip);
      const guesses = byAddress.get(address);
      if (guesses && now - guesses.windowStart < WINDOW_MS) guesses.keys += 1;
      else {
        byAddress.delete(address);
        byAddress.set(address, { windowStart: now, keys: 1 });
        if (byAddress.size > MAX_REMEMBERED) byAddress.delete(byAddress.keys().next().value!);
      }
    },
  };
}

function remember(keys: Set<string>, key: string) {
  keys.add(key);
  if (keys.size > MAX_REMEMBERED) keys.delete(keys.values().next().value!);
}

/** This process's record of unknown write keys for the tracking API. */
export const unknownWriteKeys = createUnknownWriteKeys();
