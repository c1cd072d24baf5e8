import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { PgBoss } from "pg-boss";
import type { Database } from "#db/database.ts";
import { startEventRollups } from "#server/analytics/event-rollup-worker.ts";
import { registerAuditLogPruning } from "#server/audit/prune-jobs.ts";
import { registerSessionPruning } from "#server/auth/session-jobs.ts";
import { type SenderResolver, senderFor } from "#server/channels/senders.ts";
import { registerDeliveryJobs } from "#server/delivery/jobs.ts";
import { registerDemoExpiry } from "#server/demo/demo-jobs.ts";
import { startJourneyRuntime } from "#server/journeys/engine/jobs.ts";
import { startEntryWindowSweeps } from "#server/journeys/engine/filter-window-runtime.ts";
import type { DeliverySettings } from "#server/delivery/settings.ts";
import { startSearchIndexer } from "#server/contacts/search-indexer.ts";
import { log } from "#server/log.ts";
import { registerSegmentErasures } from "#server/privacy/segment-erasure-jobs.ts";
import { registerRetentionJobs } from "#server/retention/jobs.ts";
import { type RetentionSettings, retentionSettingsFromEnv } from "#server/retention/settings.ts";
import { parseEnv } from "#server/env.ts";
import { applyJobHistoryRetention } from "./job-history.ts";
import { createIngestionGate } from "#server/ingestion-pressure/gate.ts";
import {
  DEFAULT_SEGMENT_COUNT_MAX_AGE_SECONDS,
  registerSegmentRecounts,
  type SegmentCountSettings,
  segmentCountSettingsFromEnv,
} from "#server/segments/recount-jobs.ts";

export type Worker = { boss: PgBoss; owner: string; stop: () => Promise<void> };

export type WorkerOptions = {
  db: Database;
  delivery: DeliverySettings;
  /** When segments are recounted; the defaults unless the environment or a test says otherwise. */
  segmentCounts?: SegmentCountSettings;
  /** How long data is kept; the environment's (server/env.ts defaults) unless a test says otherwise. */
  retention?: RetentionSettings;
  /** Where messages go; the team's configured providers unless a benchmark or test says otherwise. */
  senders?: SenderResolver;
};

/**
 * Starts the job worker on the application's PostgreSQL (pg-boss keeps its own
 * schema there). Several workers may run against one database; pg-boss hands
 * each job to one of them. Queues and their handlers register here.
 */
export async function startWorker(databaseUrl: string, options: WorkerOptions): Promise<Worker> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4 + options.delivery.concurrency,
    // Jobs of a worker that died (no heartbeat) are retried within seconds rather than a minute.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    // One listening connection: queues that opt in (send chunks) wake their workers as jobs are created.
    useListenNotify: true,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  // Names this process on the deliveries it is sending, so its claims can be renewed and told apart.
  const owner = `${hostname()}/${process.pid}/${randomBytes(4).toString("hex")}`;
  // One gate for the process's background loops: a burst of tracking requests (here or in any
  // web process) gets the cores first, and each loop's wait is capped so none is starved.
  const ingestion = createIngestionGate(options.db);
  const delivery = await registerDeliveryJobs(boss, {
    db: options.db,
    owner,
    settings: options.delivery,
    senders: options.senders ?? senderFor,
    ingestion,
  });
  // After the send pipeline's queues exist: journey batches create its chunk jobs.
  const journeys = startJourneyRuntime(options.db, boss, { concurrency: 2, ingestion });
  // Contacts who come to match a journey's filter segment with time alone (no write announces them).
  const entryWindows = startEntryWindowSweeps(options.db);
  await registerSessionPruning(boss, { db: options.db });
  await registerAuditLogPruning(boss, { db: options.db });
  await registerDemoExpiry(boss, { db: options.db });
  const segmentCounts = await registerSegmentRecounts(boss, {
    db: options.db,
    settings:
      options.segmentCounts ??
      segmentCountSettingsFromEnv({ SEGMENT_COUNT_MAX_AGE_SECONDS: DEFAULT_SEGMENT_COUNT_MAX_AGE_SECONDS }),
  });
  const segmentErasures = await registerSegmentErasures(boss, { db: options.db });
  const retention = options.retention ?? retentionSettingsFromEnv(parseEnv({}));
  await registerRetentionJobs(boss, { db: options.db, settings: retention });
  // Last: it reaches every queue registered above.
  await applyJobHistoryRetention(boss, { days: retention.jobHistoryDays });
  log.info({ owner }, "worker started");
  // Not a pg-boss job: it polls a table the contacts triggers fill, so no web process has to send anything.
  const searchIndexer = startSearchIndexer(options.db);
  // Also a poll, of the queue ingestion fills: requests only queue events, this counts them.
  const eventRollups = startEventRollups(options.db, { ingestion });
  return {
    boss,
    owner,
    stop: async () => {
      delivery.stop();
      await journeys.stop();
      await entryWindows.stop();
      segmentCounts.stop();
      segmentErasures.stop();
      eventRollups.stop();
      await searchIndexer.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
      log.info("worker stopped");
    },
  };
}
