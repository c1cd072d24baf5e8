/**
 * What making one message may cost. Every message (at send time, on Preview and in
 * the save check) is rendered within it, so one team's template cannot stall the
 * worker that sends everyone's campaigns.
 */
export type RenderBudget = {
  /** CPU time to personalise one message (Liquid, and the plain-text part when it is made per contact). */
  timeLimitMs: number;
  /** CPU time to prepare a campaign's templates once (parsing, Markdown, the text version). */
  prepareLimitMs: number;
  /** The rendered message, all parts together, in UTF-8 bytes. */
  outputLimitBytes: number;
  /** Heap of one render thread; a message that needs more fails instead of the process. */
  heapLimitMb: number;
};

const DEFAULT_BUDGET: RenderBudget = {
  // A normal campaign renders in a fraction of a millisecond (bench/render.ts); 50 ms is
  // two orders above that and still only 20 messages a second for a template that uses it all.
  timeLimitMs: 50,
  // Campaign content is at most 200,000 characters; preparing that much takes tens of ms.
  prepareLimitMs: 2_000,
  // Far above what mail clients show (Gmail clips at 102 KB), far below what hurts a worker.
  outputLimitBytes: 1024 * 1024,
  heapLimitMb: 64,
};

let budget: RenderBudget = DEFAULT_BUDGET;

export function renderBudget(): RenderBudget {
  return budget;
}

/** Changes the budget for this process (tests do, to reach a limit quickly); returns a function that restores it. */
export function setRenderBudget(change: Partial<RenderBudget>): () => void {
  const before = budget;
  budget = { ...budget, ...change };
  return () => {
    budget = before;
  };
}

export function overTimeReason(limitMs: number): string {
  return `Content took too long to render (over ${limitMs} ms)`;
}

export function overSizeReason(limitBytes: number): string {
  return `Rendered content is larger than ${Math.floor(limitBytes / 1024)} KB`;
}

export const OVER_MEMORY_REASON = "Content needed more memory to render than allowed";
