import { PgBoss } from "pg-boss";
import { getDb } from "../../db/database.ts";
import { startSearchIndexer } from "../contacts/search-index.ts";
import { log } from "../log.ts";

export type Worker = { boss: PgBoss; stop: () => Promise<void> };

/**
 * Starts the job worker on the application's PostgreSQL (pg-boss keeps its own
 * schema there). Several workers may run against one database; pg-boss hands
 * each job to one of them. Queues and their handlers register here as the
 * features that need them arrive.
 */
export async function startWorker(databaseUrl: string): Promise<Worker> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  // Not a pg-boss job: it polls a table the contacts triggers fill, so no web process has to send anything.
  const searchIndexer = startSearchIndexer(getDb());
  log.info("worker started");
  return {
    boss,
    stop: async () => {
      await searchIndexer.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
      log.info("worker stopped");
    },
  };
}
