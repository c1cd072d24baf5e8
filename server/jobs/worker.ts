import { PgBoss } from "pg-boss";
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
  log.info("worker started");
  return {
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
      log.info("worker stopped");
    },
  };
}
