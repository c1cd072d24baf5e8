// Asks every web process's /readyz, directly, every 100 ms: what each answered, and when.
export type ReadinessSample = { process: string; at: number; status: number | "down" };

export function watchReadiness(processes: { name: string; url: string }[]) {
  const samples: ReadinessSample[] = [];
  let stopped = false;
  const loops = processes.map(async (process) => {
    while (!stopped) {
      const at = Date.now();
      try {
        const response = await fetch(`${process.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        samples.push({ process: process.name, at, status: response.status });
      } catch {
        samples.push({ process: process.name, at, status: "down" });
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
