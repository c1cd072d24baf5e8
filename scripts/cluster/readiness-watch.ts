// Asks every web process's /readyz, directly, every 100 ms: what each answered, and when.
export type ReadinessSample = { process: string; at: number; status: number | "down" };

export function watchReadiness(processes: { name: string; url: string }[]) {
  const samples: ReadinessSample[] = [];
  let stopped = false;
  const loops = processes.map(async (process) => {
    while (!stopped) {
      // Each answer is placed at the moment it came: one asked just before PostgreSQL
      // stopped may come back 503 after, and belongs to the restart.
      try {
        const response = await fetch(`${process.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        samples.push({ process: process.name, at: Date.now(), status: response.status });
      } catch {
        samples.push({ process: process.name, at: Date.now(), status: "down" });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return {
    samples,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
