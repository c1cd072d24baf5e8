import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { getDb } from "../../db/database.ts";
import { sendCampaignNow } from "../../server/delivery/send-now.ts";
import { startCountingSink } from "../../bench/lib/counting-smtp-sink.ts";
import { seedContacts } from "../../bench/lib/send-fixtures.ts";
import { createUser } from "../factories.ts";
import { draftCampaign } from "./fixtures.ts";

const RECIPIENTS = 20_000;
const KILLS = 5;
// As crash-worker.ts runs: chunk jobs at once, and what a chunk hands its SMTP sender at
// any moment (its inFlightLimit: one message on the wire and two behind it per connection).
const CONCURRENCY = 4;
const IN_FLIGHT_PER_CHUNK = 3 * 5;

let worker: ChildProcess | undefined;
afterAll(() => {
  worker?.kill("SIGKILL");
});

function startWorkerProcess(port: number): ChildProcess {
  return spawn(process.execPath, ["tests/delivery/crash-worker.ts"], {
    env: { ...process.env, CRASH_SINK_PORT: String(port), LOG_LEVEL: "silent", NODE_ENV: "test" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

test(
  `${RECIPIENTS} emails with the worker SIGKILLed ${KILLS} times: every recipient gets exactly one message, or is a reported unknown outcome`,
  { timeout: 300_000 },
  async () => {
    const db = getDb();
    const sink = await startCountingSink();
    const { teamId } = await createUser();
    await seedContacts(db, { teamId, count: RECIPIENTS, domain: "crash.test" });
    const campaign = await draftCampaign(teamId, { subject: "Hello {{ contact.name }}", content: '<p>Hi <a href="https://example.com/a">there</a></p>' });
    await sendCampaignNow(db, { teamId, campaignId: campaign.id });

    const sentSoFar = async () =>
      Number((await sql<{ n: string }>`select coalesce(sum(total), 0) as n from campaign_delivery_counts where campaign_id = ${campaign.id} and status in ('sent', 'unknown', 'failed')`.execute(db)).rows[0]!.n);

    let kills = 0;
    worker = startWorkerProcess(sink.port);
    while (kills < KILLS) {
      // A random moment while messages are going out: after the last restart has sent some.
      const before = await sentSoFar();
      const deadline = Date.now() + 60_000;
      while ((await sentSoFar()) <= before && Date.now() < deadline) await sleep(100);
      await sleep(200 + Math.random() * 1500);
      worker.kill("SIGKILL");
      await exited(worker);
      kills += 1;
      worker = startWorkerProcess(sink.port);
    }

    const deadline = Date.now() + 240_000;
    let state = "";
    while (Date.now() < deadline) {
      state = (await db.selectFrom("campaigns").select("state").where("id", "=", campaign.id).executeTakeFirstOrThrow()).state;
      if (state === "SENT") break;
      await sleep(500);
    }
    worker.kill("SIGTERM");
    await exited(worker);
    await sink.close();

    const rows = await db.selectFrom("deliveries").select(["address", "status"]).where("campaignId", "=", campaign.id).execute();
    const counts = { recipients: rows.length, sent: 0, unknown: 0, failed: 0, other: 0, messagesAtSink: 0, duplicates: 0, sentButMissing: 0, unknownReceived: 0, unknownNotReceived: 0, kills };
    for (const count of sink.received.values()) {
      counts.messagesAtSink += count;
      if (count > 1) counts.duplicates += 1;
    }
    for (const row of rows) {
      const got = sink.received.get(row.address) ?? 0;
      if (row.status === "sent") {
        counts.sent += 1;
        if (got !== 1) counts.sentButMissing += 1;
      } else if (row.status === "unknown") {
        counts.unknown += 1;
        if (got === 1) counts.unknownReceived += 1;
        else counts.unknownNotReceived += 1;
      } else if (row.status === "failed") counts.failed += 1;
      else counts.other += 1;
    }
    console.log(`crash test: ${JSON.stringify(counts)}`);

    expect(state).toBe("SENT");
    expect(counts.recipients).toBe(RECIPIENTS);
    expect(counts.duplicates).toBe(0);
    expect(counts.sentButMissing).toBe(0);
    expect(counts.other).toBe(0);
    expect(counts.failed).toBe(0);
    expect(counts.sent + counts.unknown).toBe(RECIPIENTS);
    // At most what each worker had handed over when it died: concurrency × the sender's
    // in-flight limit per kill. Messages read but not yet taken were sent later.
    expect(counts.unknown).toBeLessThanOrEqual(KILLS * CONCURRENCY * IN_FLIGHT_PER_CHUNK);
    expect(counts.messagesAtSink).toBe(counts.sent + counts.unknownReceived);
  },
);
