// Starts what a benchmark measures: an embedded PostgreSQL the benchmark can also
// query directly, and the built Murmur server on it as a child process whose
// memory can be sampled. It runs as `npm start` does (ROLE=all): web processes
// plus the worker, which keeps the contacts search index current. Everything lives under .data/bench and is removed after.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { startEmbeddedPostgres } from "../../db/embedded.ts";
import { ensureDatabase, withDatabase } from "../../db/start.ts";

export type BenchApp = {
  baseUrl: string;
  databaseUrl: string;
  /** Highest resident set size of any Murmur server process so far (primary or web process), in MB (VmHWM). */
  peakRssMb: () => number;
  /**
   * CPU seconds used so far by the Murmur server processes and by PostgreSQL.
   * The machine may be shared, so wall-clock figures vary with its load; the CPU
   * a run costs varies much less, and says where the time goes.
   */
  cpuSeconds: () => { server: number; postgres: number };
  stop: () => Promise<void>;
};

export async function startBenchApp(options: { port: number }): Promise<BenchApp> {
  if (!existsSync("build/server/index.js")) {
    throw new Error("Build the app first: npm run build");
  }
  const dir = ".data/bench/postgres";
  await rm(dir, { recursive: true, force: true });
  const postgres = await startEmbeddedPostgres({
    dir,
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_wal_size: "4GB" },
  });
  await ensureDatabase(postgres.url, "murmur_bench");
  const databaseUrl = withDatabase(postgres.url, "murmur_bench");
  const server: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(options.port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", ROLE: "all" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await waitForReady(baseUrl, server);
  return {
    baseUrl,
    databaseUrl,
    peakRssMb: () => Math.round(Math.max(...serverProcesses(server.pid!).map(peakRssKb)) / 1024),
    cpuSeconds: () => ({ server: treeCpuSeconds(server.pid!), postgres: treeCpuSeconds(postmasterPid(dir)) }),
    stop: async () => {
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

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
}

/** CPU of a process, its children still running, and those that exited (counted in the parent's cutime/cstime). */
function treeCpuSeconds(pid: number): number {
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

function peakRssKb(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
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
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password-1", name: "Bench Mark" }),
  });
  if (!response.ok) throw new Error(`Signup failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
