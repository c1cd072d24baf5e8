// A worker process for the crash test (crash.test.ts): the real worker, sending
// email over SMTP to the test's sink. The test SIGKILLs it and starts another.
import { createDatabase } from "#db/database.ts";
import { createSmtpSender } from "#server/channels/smtp-sender.ts";
import { startWorker } from "#server/jobs/worker.ts";

const url = process.env.DATABASE_URL!;
const port = Number(process.env.CRASH_SINK_PORT);
await startWorker(url, {
  db: createDatabase(url, { max: 8 }),
  delivery: {
    ratePerSecond: { EMAIL: 0, SMS: 0, WHATSAPP: 0 },
    // crash.test.ts bounds the unknown outcomes by these: concurrency × the sender's inFlightLimit per kill.
    concurrency: 4,
    window: 50,
    // Short, so a killed worker's messages in flight are declared unknown within seconds.
    leaseSeconds: 3,
    maxAttempts: 5,
    retryBaseSeconds: 1,
    maxRetryDelaySeconds: 5,
  },
  senders: async () =>
    createSmtpSender({
      allowPrivateNetworks: true,
      config: {
        host: "127.0.0.1",
        port,
        security: "none",
        username: null,
        fromName: "Murmur",
        fromAddress: "news@murmur.test",
      },
      maxConnections: 5,
    }),
});
process.stdout.write("worker ready\n");
