/**
 * The share of a sliding window of time during which something was under way: a
 * request in flight, a worker waiting. Overlapping spans count once (`begin` while
 * another is open extends it), so the share is at most 1.
 */
export type BusyShare = {
  /** Marks a span as begun; call the returned function, once, when it ends. */
  begin: () => () => void;
  /** The share of the last `windowMs` with at least one span open, 0 to 1. */
  share: () => number;
};

/**
 * A busy share over the last `windowMs` of `now` (milliseconds). Memory stays bounded:
 * spans that ended before the window are dropped, and spans less than a millisecond
 * apart are merged, so at most about `windowMs` of them are kept however many begin.
 */
export function createBusyShare(options: { windowMs: number; now: () => number }): BusyShare {
  const { windowMs, now } = options;
  let open = 0;
  let busySince = 0;
  // Ended busy spans, oldest first, as [start, end].
  const spans: Array<[number, number]> = [];

  return {
    begin: () => {
      if (open++ === 0) busySince = now();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (--open > 0) return;
        const at = now();
        const last = spans.at(-1);
        if (last && busySince - last[1] < 1) last[1] = at;
        else spans.push([busySince, at]);
      };
    },
    share: () => {
      const at = now();
      const from = at - windowMs;
      while (spans.length > 0 && spans[0]![1] <= from) spans.shift();
      let busy = open > 0 ? at - Math.max(busySince, from) : 0;
      for (const [start, end] of spans) busy += end - Math.max(start, from);
      return Math.min(1, busy / windowMs);
    },
  };
}
