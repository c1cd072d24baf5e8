import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { PgBoss } from "pg-boss";
import { getDb } from "#db/database.ts";
import { smtpChange } from "#server/channels/settings-input.ts";
import { saveChannelSettings } from "#server/channels/settings.ts";
import { registerDeliveryJobs } from "#server/delivery/jobs.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { createUser } from "../factories.ts";
import { startSmtpSink } from "../fakes/smtp-sink.ts";
import { addContacts, chunkWorker, draftCampaign, startBoss, testSettings } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

let boss: PgBoss;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let jobs: { stop: () => void };
beforeAll(async () => {
  // The SMTP server is on loopback: the operator's allowance for a private relay.
  vi.stubEnv("ALLOW_PRIVATE_SMTP", "1");
  sink = await startSmtpSink();
  boss = await startBoss();
  // The real worker: scheduler tick, start and chunk jobs, retries one second apart.
  jobs = await registerDeliveryJobs(boss, {
    ...chunkWorker(),
    settings: testSettings({ maxAttempts: 3, retryBaseSeconds: 1, maxRetryDelaySeconds: 1 }),
  });
});
afterAll(async () => {
  jobs.stop();
  await boss.stop({ graceful: false });
  await sink.close();
  vi.unstubAllEnvs();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

describe("transient failures, through the worker's jobs", () => {
  test("a 4xx is queued again and sent by the chunk's next job; one that keeps coming gives up as failed after maxAttempts with the reason", async () => {
    const db = getDb();
    const { teamId } = await createUser();
    await saveChannelSettings(db, {
      teamId,
      channel: "EMAIL",
      ...smtpChange({
        enabled: true,
        host: sink.host,
        port: sink.port,
        security: "none",
        fromAddress: "news@acme.test",
      }),
    });
    await addContacts(teamId, [
      { email: "ada@murmur.test" },
      { email: "flaky-bob@murmur.test" },
      { email: "defer-carl@murmur.test" },
    ]);
    const campaign = await draftCampaign(teamId, { subject: "Retried" });
    await sendCampaignNow(db, { access: await ownerAccess(teamId), campaignId: campaign.id });

    const state = await until(
      async () =>
        (await db.selectFrom("campaigns").select("state").where("id", "=", campaign.id).executeTakeFirstOrThrow())
          .state,
      (value) => value === "SENT",
    );
    expect(state).toBe("SENT");
    const rows = await db
      .selectFrom("deliveries")
      .select(["address", "status", "attempts", "error"])
      .where("campaignId", "=", campaign.id)
      .orderBy("address")
      .execute();
    expect(rows).toEqual([
      { address: "ada@murmur.test", status: "sent", attempts: 1, error: null },
      {
        address: "defer-carl@murmur.test",
        status: "failed",
        attempts: 3,
        error: "451 4.2.1 Mailbox busy, try again later (gave up after 3 attempts)",
      },
      { address: "flaky-bob@murmur.test", status: "sent", attempts: 2, error: null },
    ]);
    const received = sink.received
      .filter((r) => r.mail.subject === "Retried")
      .map((r) => r.to[0])
      .sort();
    expect(received).toEqual(["ada@murmur.test", "flaky-bob@murmur.test"]);
  });
});
