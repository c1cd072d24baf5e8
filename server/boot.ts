import { settleBackground } from "./account/background.ts";
import { closeDb, getDb } from "#db/database.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { startDatabase } from "#db/start.ts";
import { secretKeyWarning } from "./secrets/secret-key.ts";
import { deliverySettingsFromEnv } from "./delivery/settings.ts";
import { type Env, parseEnv } from "./env.ts";
import type { Worker } from "./jobs/worker.ts";
import { log } from "./log.ts";
import { segmentCountSettingsFromEnv } from "./segments/recount-jobs.ts";
import { retentionSettingsFromEnv } from "./retention/settings.ts";
import { getTrackingKey } from "./tracking/key.ts";
import { enterJourneysOnContactChanges } from "./journeys/engine/listen.ts";

export type Murmur = { env: Env; serveWeb: boolean; shutdown: () => Promise<void> };

/**
 * Everything before the first request: validated environment, a database (the
 * embedded one when DATABASE_URL is absent), the latest schema, and the worker
 * when ROLE includes it.
 */
export async function boot(): Promise<Murmur> {
  const env = parseEnv();
  // Imports, the API and segment membership enter journeys in the transactions that write contacts.
  enterJourneysOnContactChanges();
  // Before the embedded database sets DATABASE_URL: only an operator's own database is shared.
  const keyWarning = await secretKeyWarning();
  if (keyWarning) log.warn(keyWarning);
  const database = await startDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onLog: (message) => log.debug({ postgres: message.trim() }, "postgres"),
    callerHandlesSignals: true,
  });
  if (database.embedded) log.info({ dataDir: env.DATA_DIR }, "embedded PostgreSQL started");
  process.env.DATABASE_URL = database.url;
  const applied = await migrateToLatest(getDb());
  if (applied.length) log.info({ applied }, "migrations applied");
  // Read now, not at the first link: this seals a key stored in plain text by an earlier
  // version, and a key that this server's secret key cannot open stops the start with the fix.
  await getTrackingKey(getDb());

  let worker: Worker | undefined;
  // Loaded only where it runs: a web process has no use for pg-boss and the job handlers.
  if (env.ROLE !== "web") {
    const { startWorker } = await import("./jobs/worker.ts");
    worker = await startWorker(database.url, {
      db: getDb(),
      delivery: deliverySettingsFromEnv(env),
      segmentCounts: segmentCountSettingsFromEnv(env),
      retention: retentionSettingsFromEnv(env),
    });
  }

  return {
    env,
    serveWeb: env.ROLE !== "worker",
    shutdown: async () => {
      // Account mails queued after an answer (a reset link) go out before the database closes.
      await settleBackground();
      await worker?.stop();
      await closeDb();
      await database.stop();
    },
  };
}
