import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "@playwright/test";
import { serveArguments } from "../scripts/serve-command.ts";

/** A server of the built app that a spec started for itself, with everything it printed. */
export type BuiltMurmur = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

/**
 * Starts the built app exactly as `npm run serve` does (heap flags included), in
 * production on loopback, logging warnings; `settings` add to or override that
 * environment. Its output is kept for the spec to read.
 */
export function spawnBuiltMurmur(port: number, settings: Record<string, string>): BuiltMurmur {
  const child = spawn(process.execPath, serveArguments(), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // "close" rather than "exit": it comes once the output has been read to its end.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

/** Waits until the server says it is ready (migrations done, port open). */
export async function readyMurmur(murmur: BuiltMurmur, timeout: number): Promise<BuiltMurmur> {
  await expect.poll(murmur.output, { timeout }).toContain(`Murmur is ready at http://127.0.0.1:${murmur.port}`);
  return murmur;
}
