// bench/send: 100,000 recipients through the send pipeline (scheduler, resolution,
// chunk jobs on pg-boss, rendering, tracking, pooled SMTP) to a local SMTP sink,
// against a baseline in the same run: bare pooled nodemailer, with the same number
// of connections and messages in flight, sending the same rendered messages to the
// same sink. Then the time to resolve 1,000,000 recipients into the ledger.
// Prints JSON; targets: pipeline >= 0.7 × baseline, 1,000,000 resolved in <= 15 s.
// Usage: node bench/send.ts [--scale 0.1] [--statements]   (0.1: 10,000 sent, 100,000 resolved)
// --statements loads pg_stat_statements and prints the pipeline's costliest statements per 1,000 messages.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import nodemailer from "nodemailer";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { createSmtpSender } from "#server/channels/smtp-sender.ts";
import type { SmtpConfig } from "#shared/channels/settings-schemas.ts";
import { prepareCampaignRenderer } from "#server/content/render.ts";
import { messageIdDomain, messageIdFor } from "#server/delivery/message-id.ts";
import { resolveRecipients } from "#server/delivery/recipients.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import type { DeliverySettings } from "#server/delivery/settings.ts";
import { prepareMessageFinisher } from "#server/delivery/tracked-content.ts";
import { startWorker } from "#server/jobs/worker.ts";
import { postmasterPid, treeCpuSeconds } from "./lib/app-server.ts";
import { startCountingSink } from "./lib/counting-smtp-sink.ts";
import { benchAccess, createBenchTeam, seedContacts, startBenchDatabase } from "./lib/send-fixtures.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SCALE = arg("--scale", 1);
const SEND = Math.round(100_000 * SCALE);
const RESOLVE = Math.round(1_000_000 * SCALE);
const log = (message: string) => console.error(`[bench/send] ${message}`);

// The pipeline's pacing; the baseline gets the same connections and messages in flight.
const SETTINGS: DeliverySettings = {
  ratePerSecond: { EMAIL: 0, SMS: 0, WHATSAPP: 0 },
  concurrency: 4,
  window: 50,
  leaseSeconds: 60,
  maxAttempts: 5,
  retryBaseSeconds: 30,
  maxRetryDelaySeconds: 1800,
};
const CONNECTIONS_PER_CHUNK = 5;
const CONTENT = `<h1>Spring news</h1><p>Hello {{ contact.name }},</p><p>${"Our spring collection is here. ".repeat(20)}</p>
<p><a href="https://example.com/spring">See the collection</a> · <a href="https://example.com/blog">Read the blog</a></p>`;

const STATEMENTS = process.argv.includes("--statements");
const database = await startBenchDatabase("bench-send", {
  fast: true,
  settings: STATEMENTS ? { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track": "all" } : {},
});
const { db } = database;
const sink = await startCountingSink();
const smtp: SmtpConfig = {
  host: "127.0.0.1",
  port: sink.port,
  security: "none",
  username: null,
  fromName: "Bench",
  fromAddress: "news@example.test",
};
try {
  const teamId = await createBenchTeam(db);
  await seedContacts(db, { teamId, count: SEND });
  const input = {
    name: "Spring",
    type: "EMAIL" as const,
    subject: "Spring news for {{ contact.name }}",
    content: CONTENT,
    segmentIds: [],
    scheduledTime: "",
  };

  // Baseline: the same messages, rendered and tracked beforehand, straight to nodemailer.
  log(`baseline: rendering ${SEND} messages`);
  const baselineCampaign = await createCampaign(db, { access: benchAccess(teamId), input });
  const render = prepareCampaignRenderer({
    ...baselineCampaign,
    whatsappTemplate: null,
    whatsappLanguage: null,
    whatsappParameters: [],
  });
  const finish = await prepareMessageFinisher(db, { teamId, type: "EMAIL" });
  const contacts = await db
    .selectFrom("contacts")
    .select(["id", "email", "name", "phone", "attributes"])
    .where("teamId", "=", teamId)
    .execute();
  const domain = messageIdDomain();
  const messages = contacts.map((contact) => {
    const content = finish(render(contact), { deliveryId: contact.id, contactId: contact.id });
    if (content.channel !== "EMAIL") throw new Error("expected email");
    return {
      to: contact.email ?? "",
      subject: content.subject,
      html: content.html,
      text: content.text,
      headers: content.headers,
      messageId: messageIdFor({ campaignId: baselineCampaign.id, contactId: contact.id, domain }),
    };
  });
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: SETTINGS.concurrency * CONNECTIONS_PER_CHUNK,
    host: smtp.host,
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  const inFlight = SETTINGS.concurrency * SETTINGS.window;
  log(`baseline: sending ${SEND}`);
  let started = performance.now();
  for (let i = 0; i < messages.length; i += inFlight) {
    await Promise.all(
      messages
        .slice(i, i + inFlight)
        .map((m) => transport.sendMail({ from: { name: "Bench", address: smtp.fromAddress }, ...m })),
    );
  }
  const baselineSeconds = (performance.now() - started) / 1000;
  transport.close();
  const atSinkAfterBaseline = sink.total();

  // Pipeline: Send now, and the worker does the rest, until the campaign is SENT.
  log(`pipeline: sending ${SEND}`);
  const worker = await startWorker(database.url, {
    db,
    delivery: SETTINGS,
    senders: async () =>
      createSmtpSender({ allowPrivateNetworks: true, config: smtp, maxConnections: CONNECTIONS_PER_CHUNK }),
  });
  const campaign = await createCampaign(db, { access: benchAccess(teamId), input });
  // CPU seconds per 1,000 messages survive a loaded machine where rates do not: PostgreSQL's
  // processes, and this process (the worker, its render threads and the SMTP sink).
  if (STATEMENTS) {
    await sql`create extension if not exists pg_stat_statements`.execute(db);
    await sql`select pg_stat_statements_reset()`.execute(db);
  }
  const cpuBefore = { postgres: postgresCpuSeconds(), bench: processCpuSeconds() };
  started = performance.now();
  await sendCampaignNow(db, { access: benchAccess(teamId), campaignId: campaign.id });
  for (;;) {
    const { state } = await db
      .selectFrom("campaigns")
      .select("state")
      .where("id", "=", campaign.id)
      .executeTakeFirstOrThrow();
    if (state === "SENT") break;
    await sleep(50);
  }
  const pipelineSeconds = (performance.now() - started) / 1000;
  const cpuPer1000 = {
    postgres: round(((postgresCpuSeconds() - cpuBefore.postgres) * 1000) / SEND),
    bench: round(((processCpuSeconds() - cpuBefore.bench) * 1000) / SEND),
  };
  await worker.stop();
  const statements = STATEMENTS ? await costliestStatements() : undefined;
  const pipelineAtSink = sink.total() - atSinkAfterBaseline;

  // Resolution alone: a team of RESOLVE contacts, all reached, into the ledger in one transaction.
  log(`resolve: seeding ${RESOLVE} contacts`);
  const bigTeam = await createBenchTeam(db, "Big");
  await seedContacts(db, { teamId: bigTeam, count: RESOLVE, domain: "big.test" });
  const big = await createCampaign(db, { access: benchAccess(bigTeam), input: { ...input, name: "Big" } });
  started = performance.now();
  const resolved = await db
    .transaction()
    .execute((trx) => resolveRecipients(trx, { id: big.id, teamId: bigTeam, type: "EMAIL" }));
  const resolveSeconds = (performance.now() - started) / 1000;

  const baselineRate = SEND / baselineSeconds;
  const pipelineRate = SEND / pipelineSeconds;
  console.log(
    JSON.stringify(
      {
        scale: SCALE,
        send: {
          recipients: SEND,
          baseline: {
            seconds: round(baselineSeconds),
            msgsPerSecond: round(baselineRate),
            atSink: atSinkAfterBaseline,
          },
          pipeline: {
            seconds: round(pipelineSeconds),
            msgsPerSecond: round(pipelineRate),
            atSink: pipelineAtSink,
            cpuSecondsPer1000: cpuPer1000,
          },
          ratio: round(pipelineRate / baselineRate),
          statements,
          target: ">= 0.7",
          settings: {
            chunkJobsAtOnce: SETTINGS.concurrency,
            window: SETTINGS.window,
            connections: SETTINGS.concurrency * CONNECTIONS_PER_CHUNK,
          },
        },
        resolve: {
          recipients: resolved.recipients,
          chunks: resolved.chunks.length,
          seconds: round(resolveSeconds),
          target: `<= 15 s for 1,000,000`,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await sink.close();
  await database.stop();
}

/** The pipeline's statements that took PostgreSQL longest, in ms per 1,000 messages (triggers' own statements included). */
async function costliestStatements() {
  const { rows } = await sql<{ query: string; calls: number; ms: number }>`
    select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 140) as query, calls::int, total_exec_time as ms
    from pg_stat_statements order by total_exec_time desc limit 12`.execute(db);
  return rows.map((row) => ({
    msPer1000: round((row.ms * 1000) / SEND),
    callsPer1000: round((row.calls * 1000) / SEND),
    query: row.query,
  }));
}

function postgresCpuSeconds(): number {
  return treeCpuSeconds(postmasterPid(".data/bench-send/postgres"));
}

function processCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
