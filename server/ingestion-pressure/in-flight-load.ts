/**
 * How many things were under way at once, on average, over a sliding window of time:
 * request-seconds per second. One client posting as fast as the server answers keeps
 * it near 1 whatever the machine's speed, since its requests never overlap; it grows
 * past 1 only when requests overlap, that is when they queue for the same cores.
 */
export type InFlightLoad = {
  /** Marks one thing as begun; call the returned function, once, when it ends. */
  begin: () => () => void;
  /** The mean number under way over the last `windowMs`, 0 or more. */
  mean: () => number;
};

/**
 * An in-flight load over the last `windowMs` of `now` (milliseconds). Kept as spans of
 * time with the load each held (count × milliseconds), so memory stays bounded: spans
 * that ended before the window are dropped, and a span shorter than a millisecond is
 * extended rather than followed by another, so about `windowMs` of them are kept
 * however many begin. A span that straddles the window's start counts in proportion.
 */
export function createInFlightLoad(options: { windowMs: number; now: () => number }): InFlightLoad {
  const { windowMs, now } = options;
  let open = 0;
  let changedAt = now();
  // [start, end, count × milliseconds], oldest first, each starting where the one before ended.
  const spans: Array<[number, number, number]> = [];

  const close = (at: number) => {
    if (at <= changedAt) return;
    const load = open * (at - changedAt);
    const last = spans.at(-1);
    if (last && last[1] - last[0] < 1) {
      last[1] = at;
      last[2] += load;
    } else spans.push([changedAt, at, load]);
    changedAt = at;
  };

  return {
    begin: () => {
      close(now());
      open++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        close(now());
        open--;
      };
    },
    mean: () => {
      const at = now();
      close(at);
      const from = at - windowMs;
      while (spans.length > 0 && spans[0]![1] <= from) spans.shift();
      let load = 0;
      for (const [start, end, spanLoad] of spans)
        load += start >= from ? spanLoad : (spanLoad * (end - from)) / (end - start);
      return load / windowMs;
    },
  };
}
