// One Murmur process of the cluster topology (ROLE=web or ROLE=worker), started as
// `npm run serve` starts one, on the built app, and started again after a kill.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import { serveArguments } from "../serve-command.ts";

export type MurmurProcess = {
  name: string;
  role: "web" | "worker";
  port: number;
  url: string;
  pid: () => number | undefined;
  /** Starts the process (again) and resolves once its /readyz answers 200. */
  start: () => Promise<void>;
  /** Sends the signal and resolves with how the process ended and how long that took after the signal. */
  stop: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: string | null; ms: number }>;
  /** True while the process runs. */
  running: () => boolean;
  /** How each exit the scenario did not ask for ended (a crash), in order. */
  unexpectedExits: string[];
};

/** A Murmur process of the topology; nothing runs until `start`. Its output goes to `logFile`. */
export function murmurProcess(options: {
  name: string;
  role: "web" | "worker";
  port: number;
  env: Record<string, string>;
  logFile: string;
}): MurmurProcess {
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;
  let log: WriteStream | undefined;
  let stopping = false;
  const unexpectedExits: string[] = [];
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;

  return {
    name: options.name,
    role: options.role,
    port: options.port,
    url,
    pid: () => child?.pid,
    running: () => !exited(),
    unexpectedExits,
    async start() {
      if (!exited()) throw new Error(`${options.name} is already running`);
      log ??= createWriteStream(options.logFile, { flags: "a" });
      child = spawn(process.execPath, serveArguments(), {
        env: { ...process.env, ...options.env, ROLE: options.role, PORT: String(options.port), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      stopping = false;
      child.once("exit", (code, signal) => {
        if (!stopping) unexpectedExits.push(`${options.name} exited with ${signal ?? code}`);
      });
      child.stdout!.pipe(log, { end: false });
      child.stderr!.pipe(log, { end: false });
      await waitForReady(url, child, options.name);
    },
    async stop(signal) {
      const running = child;
      if (!running || exited()) return { code: running?.exitCode ?? null, signal: running?.signalCode ?? null, ms: 0 };
      const sent = performance.now();
      const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        running.once("exit", (code, how) => resolve({ code, signal: how })),
      );
      stopping = true;
      running.kill(signal);
      const how = await ended;
      return { ...how, ms: Math.round(performance.now() - sent) };
    },
  };
}

async function waitForReady(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready within 90 s`);
}
