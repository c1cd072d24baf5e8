// Starts what a benchmark measures: an embedded PostgreSQL the benchmark can also
// query directly, and the built Murmur server on it as a child process whose
// memory can be sampled. It runs as `npm start` does (ROLE=all, the same heap flags): one
// process, which serves web requests and runs the worker (it keeps the contacts search
// index current), and with WEB_CONCURRENCY the web processes it forks. Everything lives
// under .data/bench and is removed after.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { memorySettings, startEmbeddedPostgres } from "#db/embedded.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { serveArguments } from "../../scripts/serve-command.ts";

export type BenchApp = {
  baseUrl: string;
  databaseUrl: string;
  /**
   * The server's whole memory footprint at its peak, in MB: the sum of the resident
   * set sizes of all Murmur server processes (the primary, which runs the worker and,
   * alone, serves web requests too, and the web processes it forks), sampled every 50 ms since start or the last
   * resetPeakRss(). A spike shorter than a sample may be missed.
   */
  peakRssMb: () => number;
  /**
   * peakRssMb with, for comparison, the largest single process seen in the same
   * samples, and the peak sum of their proportional set sizes (PSS), which counts
   * the pages the processes share (Node's code, shared libraries) once instead of
   * once per process.
   */
  peakRss: () => {
    totalMb: number;
    largestProcessMb: number;
    totalPssMb: number;
    primaryMb: number;
    webMb: number[];
    samples: number;
  };
  /** Starts a new measuring window, so a phase (an import) is measured apart from the set-up before it. */
  resetPeakRss: () => void;
  /**
   * CPU seconds used so far by the Murmur server processes and by PostgreSQL.
   * The machine may be shared, so wall-clock figures vary with its load; the CPU
   * a run costs varies much less, and says where the time goes.
   */
  cpuSeconds: () => { server: number; postgres: number };
  stop: () => Promise<void>;
};

export async function startBenchApp(options: {
  /** The benchmark's port; BENCH_PORT overrides it, so several checkouts can run benchmarks side by side. */
  port: number;
  /**
   * Also sample the proportional set sizes (default true). Reading smaps_rollup
   * makes the kernel walk each process's page tables, milliseconds of CPU per
   * sample at a few hundred MB: a bench of CPU throughput leaves it off so that
   * the sampling does not compete with what it measures.
   */
  pss?: boolean;
  /** More PostgreSQL settings, such as pg_stat_statements for a bench that names its costliest statements. */
  settings?: Record<string, string>;
}): Promise<BenchApp> {
  if (!existsSync("build/server/index.js")) {
    throw new Error("Build the app first: npm run build");
  }
  const dir = ".data/bench/postgres";
  await rm(dir, { recursive: true, force: true });
  const postgres = await startEmbeddedPostgres({
    dir,
    // The memory `npm start` gives its embedded server; durability off, as the data is thrown away.
    settings: {
      ...memorySettings(),
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      max_wal_size: "4GB",
      ...options.settings,
    },
  });
  await ensureDatabase(postgres.url, "murmur_bench");
  const databaseUrl = withDatabase(postgres.url, "murmur_bench");
  const port = Number(process.env.BENCH_PORT) || options.port;
  const server: ChildProcess = spawn(process.execPath, serveArguments(), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      ROLE: "all",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, server);
  const rss = sampleRss(server.pid!, options.pss ?? true);
  return {
    baseUrl,
    databaseUrl,
    peakRssMb: () => rss.peak().totalMb,
    peakRss: () => rss.peak(),
    resetPeakRss: () => rss.reset(),
    cpuSeconds: () => ({ server: treeCpuSeconds(server.pid!), postgres: treeCpuSeconds(postmasterPid(dir)) }),
    stop: async () => {
      rss.stop();
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      await postgres.stop();
      await rm(".data/bench", { recursive: true, force: true });
    },
  };
}

/** The server and its node:cluster web processes (the embedded PostgreSQL is the bench's, not a child). */
function serverProcesses(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
  return [pid, ...children];
}

export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
}

/** CPU of a process, its children still running, and those that exited (counted in the parent's cutime/cstime). */
export function treeCpuSeconds(pid: number): number {
  const ticks = 100; // USER_HZ on Linux
  let stat: string[];
  try {
    // Fields after the command name, which may itself hold spaces: state is field 3, utime 14 … cstime 17.
    stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return 0;
  }
  const own = [11, 12, 13, 14].reduce((sum, index) => sum + Number(stat[index]), 0) / ticks;
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return own + children.reduce((sum, child) => sum + treeCpuSeconds(child), 0);
}

/**
 * Samples the current RSS of every server process (web processes come and go with
 * the primary's children) and keeps the highest sum and the highest single value.
 * RSS is read from /proc/<pid>/statm, which costs the bench next to nothing; the
 * proportional set size needs the kernel to walk every page table
 * (smaps_rollup), so it is read on every tenth sample only: read every 50 ms it
 * took some 10% of a core, which the bench client's CPU figure then counted as
 * import work and the import had to share the cores with.
 */
function sampleRss(pid: number, withPss: boolean) {
  const pageKb = 4; // getconf PAGESIZE on the machines the benchmarks run on
  let peakTotalKb = 0;
  let peakProcessKb = 0;
  let peakPssKb = 0;
  let samples = 0;
  // Each process's own peak: the primary (which runs the worker) and each web process.
  let peakByProcessKb = new Map<number, number>();
  const sample = (readPss: boolean) => {
    let processes: number[];
    try {
      processes = serverProcesses(pid);
    } catch {
      return; // the server has exited
    }
    const each = processes.map((process) => statmRssPages(process) * pageKb);
    peakTotalKb = Math.max(
      peakTotalKb,
      each.reduce((sum, kb) => sum + kb, 0),
    );
    peakProcessKb = Math.max(peakProcessKb, ...each);
    processes.forEach((process, index) =>
      peakByProcessKb.set(process, Math.max(peakByProcessKb.get(process) ?? 0, each[index]!)),
    );
    if (withPss && readPss)
      peakPssKb = Math.max(
        peakPssKb,
        processes.reduce((sum, process) => sum + pssKb(process), 0),
      );
    samples += 1;
  };
  sample(true);
  const timer = setInterval(() => sample(samples % 10 === 0), 50);
  timer.unref();
  return {
    peak: () => {
      sample(true);
      const mb = (kb: number) => Math.round(kb / 1024);
      const primaryMb = mb(peakByProcessKb.get(pid) ?? 0);
      const webMb = [...peakByProcessKb].filter(([process]) => process !== pid).map(([, kb]) => mb(kb));
      return {
        totalMb: mb(peakTotalKb),
        largestProcessMb: mb(peakProcessKb),
        totalPssMb: mb(peakPssKb),
        primaryMb,
        webMb,
        samples,
      };
    },
    reset: () => {
      peakTotalKb = 0;
      peakProcessKb = 0;
      peakPssKb = 0;
      peakByProcessKb = new Map();
      samples = 0;
      sample(true);
    },
    stop: () => clearInterval(timer),
  };
}

function statmRssPages(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1] ?? 0);
  } catch {
    return 0;
  }
}

function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function waitForReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not become ready within 60 s");
}

/** Signs up a fresh user through the API and returns their Bearer token. */
export async function signUp(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: "bench-password-1",
      name: "Bench Mark",
    }),
  });
  if (!response.ok) throw new Error(`Signup failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
