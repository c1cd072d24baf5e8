// Taken before the scenario puts the recording fetch in its place.
const realFetch = globalThis.fetch.bind(globalThis);

/** One answer (or network failure) a client of the scenario got, with when it was asked and answered. */
export type Answer = {
  source: string;
  status: number | "network";
  startedAt: number;
  endedAt: number;
  /** What the answer or the failure said, for a failure. */
  detail?: string;
};

/**
 * Every answer the scenario's clients got through the load balancer, so the 5xx
 * (and failed connections) can be counted inside and outside PostgreSQL's restart.
 */
export function answerRecord() {
  const answers: Answer[] = [];
  return {
    answers,
    /**
     * A fetch that records what it gets under the source its URL names (nothing when
     * that is undefined), and otherwise behaves as fetch.
     */
    recordingFetch(sourceOf: (url: URL) => string | undefined): typeof fetch {
      return async (input, init) => {
        const source = sourceOf(new URL(input instanceof Request ? input.url : input));
        if (source === undefined) return realFetch(input, init);
        const startedAt = Date.now();
        try {
          const response = await realFetch(input, init);
          const detail = response.status >= 500 ? await response.clone().text() : undefined;
          answers.push({
            source,
            status: response.status,
            startedAt,
            endedAt: Date.now(),
            detail: detail?.slice(0, 200),
          });
          return response;
        } catch (error) {
          const cause = (error as { cause?: unknown }).cause;
          answers.push({ source, status: "network", startedAt, endedAt: Date.now(), detail: String(cause ?? error) });
          throw error;
        }
      };
    },
  };
}

type Counted = {
  requests: number;
  statuses: Record<string, number>;
  serverErrorsInRestart: number;
  serverErrorsOutside: number;
  /** Connections the load balancer closed without an answer (the client sent the request again). */
  networkFailuresInRestart: number;
  networkFailuresOutside: number;
};

/**
 * The answers by source and status, with the 5xx and the network failures split by
 * whether the request overlapped one of the windows (PostgreSQL down until the load
 * balancer served a ready process again).
 */
export function countFailures(answers: Answer[], windows: { from: number; to: number }[]) {
  const inWindow = (answer: Answer) => windows.some((w) => answer.endedAt >= w.from && answer.startedAt <= w.to);
  const counts: Record<string, Counted> = {};
  for (const answer of answers) {
    const entry = (counts[answer.source] ??= {
      requests: 0,
      statuses: {},
      serverErrorsInRestart: 0,
      serverErrorsOutside: 0,
      networkFailuresInRestart: 0,
      networkFailuresOutside: 0,
    });
    entry.requests += 1;
    entry.statuses[answer.status] = (entry.statuses[answer.status] ?? 0) + 1;
    const during = inWindow(answer);
    if (answer.status === "network") {
      if (during) entry.networkFailuresInRestart += 1;
      else entry.networkFailuresOutside += 1;
    } else if (answer.status >= 500) {
      if (during) entry.serverErrorsInRestart += 1;
      else entry.serverErrorsOutside += 1;
    }
  }
  return counts;
}

/** The failed answers outside the windows, with times in seconds since `since`. */
export function failedOutside(answers: Answer[], windows: { from: number; to: number }[], since: number) {
  return answers
    .filter(
      (a) =>
        (a.status === "network" || a.status >= 500) && !windows.some((w) => a.endedAt >= w.from && a.startedAt <= w.to),
    )
    .map((a) => ({
      source: a.source,
      status: a.status,
      startedAt: (a.startedAt - since) / 1000,
      endedAt: (a.endedAt - since) / 1000,
      detail: a.detail,
    }));
}
