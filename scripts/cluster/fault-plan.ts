import { seededRandom } from "../../tests/delivery/seeded-random.ts";

/**
 * When the scenario's faults happen, chosen by the seed (printed, so a run can be
 * replayed). Each is tied to progress, not to time, so it falls mid-import or
 * mid-send however fast the machine is: a share of the import's rows answered, or of
 * the campaign's recipients at the SMTP sink. Which process each fault hits is chosen too.
 */
export type FaultPlan = {
  seed: number;
  /** A web process SIGKILLed and started again. */
  killWeb: { atImportShare: number; process: number };
  /** PostgreSQL stopped (fast shutdown) and started again on the same data and port. */
  restartPostgres: { atImportShare: number };
  /** Another web process sent SIGTERM (its requests in progress are answered), then started again. */
  stopWeb: { atImportShare: number; process: number };
  /** A worker SIGKILLed mid-send and started again. */
  killWorker: { atSendShare: number; process: number };
  /** The other worker sent SIGTERM mid-send (it hands its chunk back), then started again. */
  stopWorker: { atSendShare: number; process: number };
};

export function faultPlan(seed: number, counts: { webProcesses: number; workers: number }): FaultPlan {
  const random = seededRandom(seed);
  const between = (least: number, most: number) => Math.round((least + random() * (most - least)) * 100) / 100;
  const killedWeb = Math.floor(random() * counts.webProcesses);
  const killedWorker = Math.floor(random() * counts.workers);
  return {
    seed,
    killWeb: { atImportShare: between(0.1, 0.3), process: killedWeb },
    restartPostgres: { atImportShare: between(0.4, 0.6) },
    stopWeb: { atImportShare: between(0.7, 0.85), process: (killedWeb + 1) % counts.webProcesses },
    killWorker: { atSendShare: between(0.1, 0.3), process: killedWorker },
    stopWorker: { atSendShare: between(0.55, 0.75), process: (killedWorker + 1) % counts.workers },
  };
}
