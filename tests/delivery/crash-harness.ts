import { type ChildProcess, spawn } from "node:child_process";
import { seededRandom, seedFrom } from "./seeded-random.ts";

// What the crash tests of decision 008 share: the worker process they kill, the kill
// points a seed chooses, and the ledger's bound on unknown outcomes.

export const KILLS = 5;
// As crash-worker.ts runs: chunk jobs at once, and what a chunk hands its SMTP sender at
// any moment (its inFlightLimit: one message on the wire and two behind it per connection).
export const CONCURRENCY = 4;
export const IN_FLIGHT_PER_CHUNK = 3 * 5;
/** The most outcomes the ledger may report unknown: what the killed workers held in flight. */
export const UNKNOWN_BOUND = KILLS * CONCURRENCY * IN_FLIGHT_PER_CHUNK;
// The kill points: each kill comes once this many more messages have arrived than at the
// last restart, so they fall mid-send however fast the machine sends.
const MESSAGES_BETWEEN_KILLS = { least: 20, most: 3_000 };
export const SEED = seedFrom("CRASH_SEED");

/** How many more messages must arrive before each kill, chosen by the seed. */
export function killPoints(seed: number): number[] {
  const random = seededRandom(seed);
  const { least, most } = MESSAGES_BETWEEN_KILLS;
  return Array.from({ length: KILLS }, () => least + Math.floor(random() * (most - least + 1)));
}

/** The real worker (crash-worker.ts) in a process of its own, sending to the sink on `port`. */
export function startWorkerProcess(port: number): ChildProcess {
  return spawn(process.execPath, ["tests/delivery/crash-worker.ts"], {
    env: { ...process.env, CRASH_SINK_PORT: String(port), LOG_LEVEL: "silent", NODE_ENV: "test" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}
