import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { type EmbeddedServer, startEmbeddedPostgres } from "../db/embedded.ts";
import { ensureDatabase, withDatabase } from "../db/start.ts";
import { freePort } from "./free-port.ts";

// How server.js lays out its processes (docs/decisions/018-process-memory.md): with
// WEB_CONCURRENCY=2 the primary (database, migrations, job worker) serves web
// requests too, and starts one more web process to which it hands every other
// connection. These start their own servers on the built app; no browser is involved.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const DIR = ".data/e2e-processes";
let postgres: EmbeddedServer;
let databaseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await rm(DIR, { recursive: true, force: true });
  postgres = await startEmbeddedPostgres({ dir: DIR, settings: { fsync: "off", synchronous_commit: "off" } });
  await ensureDatabase(postgres.url, "murmur_processes");
  databaseUrl = withDatabase(postgres.url, "murmur_processes");
});

test.afterAll(async () => {
  await postgres?.stop();
  await rm(DIR, { recursive: true, force: true });
});

type Murmur = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

function startMurmur(port: number, settings: Record<string, string> = {}): Murmur {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "2", LOG_LEVEL: "warn", ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // "close" rather than "exit": it comes once the output has been read to its end.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function startedMurmur(): Promise<Murmur> {
  const murmur = startMurmur(await freePort());
  await expect.poll(murmur.output, { timeout: 60_000 }).toContain(`Murmur is ready at http://127.0.0.1:${murmur.port}`);
  return murmur;
}

/** The Murmur processes a process listing shows: the primary and the web processes it started. */
function webProcessesOf(primary: number): number[] {
  const children = readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  return children.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.js"));
}

function commandLineOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
}

/** Answers to new connections (no keep-alive), so each is dealt to a process anew. */
async function healthAnswers(port: number, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { Connection: "close" } });
    statuses.push(response.status);
  }
  return statuses;
}

async function stopped(murmur: Murmur): Promise<number | null> {
  murmur.child.kill("SIGTERM");
  return murmur.exited;
}

test("two web processes share the port, and one that dies is replaced", async () => {
  const murmur = await startedMurmur();
  try {
    const [web] = webProcessesOf(murmur.child.pid!);
    expect(webProcessesOf(murmur.child.pid!)).toHaveLength(1);
    // The primary restarted itself with its heap settings; the forked one has its own, not the primary's.
    expect(commandLineOf(murmur.child.pid!)).toEqual(expect.arrayContaining(["--max-semi-space-size=32", "--heap-growing-percent=200"]));
    expect(commandLineOf(web!)).toEqual(expect.arrayContaining(["--max-semi-space-size=8", "--max-old-space-size=256"]));
    expect(commandLineOf(web!)).not.toContain("--max-semi-space-size=32");
    expect(await healthAnswers(murmur.port, 20)).toEqual(Array(20).fill(200));

    process.kill(web!, "SIGKILL");
    await expect.poll(murmur.output).toContain(`web process ${web} exited`);
    await expect.poll(() => webProcessesOf(murmur.child.pid!).filter((pid) => pid !== web)).toHaveLength(1);
    const [replacement] = webProcessesOf(murmur.child.pid!);
    await expect.poll(murmur.output, { timeout: 30_000 }).toContain(`web process ${replacement} is serving`);
    expect(await healthAnswers(murmur.port, 20)).toEqual(Array(20).fill(200));
  } finally {
    expect(await stopped(murmur)).toBe(0);
  }
  expect(murmur.output().match(/"msg":"stopped on SIGTERM"/g)).toHaveLength(2);
});

test("a second server on a port in use stops with EADDRINUSE", async () => {
  const first = await startedMurmur();
  try {
    const second = startMurmur(first.port);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain("EADDRINUSE");
    expect(await healthAnswers(first.port, 5)).toEqual(Array(5).fill(200));
  } finally {
    expect(await stopped(first)).toBe(0);
  }
});

test("a WEB_CONCURRENCY that is not a number of processes stops the start with a message naming it", async () => {
  const murmur = startMurmur(await freePort(), { WEB_CONCURRENCY: "abc" });

  expect(await murmur.exited).not.toBe(0);
  expect(murmur.output()).toContain("Murmur cannot start, the environment is not valid");
  expect(murmur.output()).toContain("WEB_CONCURRENCY: must be a whole number of processes from 1 to 64");
  expect(murmur.output()).not.toContain("Murmur is ready");
});
