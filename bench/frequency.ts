// bench/frequency: what frequency caps cost a broadcast. The same campaign to N
// contacts, each with three emails in the ledger from the last week, is sent chunk by
// chunk through the outbox three ways: ignoring caps (no decision at all), with caps
// that hold nobody back (the decision runs but every message goes, so the work is the
// same), and ignoring caps with the cap index dropped (what the index costs the
// ledger's writes). Each way runs twice, alternating. Also times one decision for a
// window (50 contacts) and for a whole chunk (500). Prints JSON.
// Usage: node bench/frequency.ts [--scale 1]   (1: 5,000 contacts)
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { senderFor } from "#server/channels/senders.ts";
import { resolveRecipients } from "#server/delivery/recipients.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import type { DeliverySettings } from "#server/delivery/settings.ts";
import { decideSends } from "#server/frequency/decide.ts";
import { saveFrequencySettings } from "#server/frequency/settings.ts";
import { benchAccess, createBenchTeam, seedContacts, startBenchDatabase } from "./lib/send-fixtures.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CONTACTS = Math.round(5000 * arg("--scale", 1));
const log = (message: string) => console.error(`[bench/frequency] ${message}`);
const round = (value: number) => Math.round(value * 100) / 100;

const SETTINGS: DeliverySettings = {
  ratePerSecond: { EMAIL: 0, SMS: 0, WHATSAPP: 0 },
  concurrency: 1,
  window: 50,
  leaseSeconds: 60,
  maxAttempts: 5,
  retryBaseSeconds: 30,
  maxRetryDelaySeconds: 1800,
};
const INPUT = { name: "Spring", type: "EMAIL" as const, subject: "Spring", content: "<p>Hello {{ contact.name }}</p>" };

/** A campaign to every contact, ACTIVE with its ledger written; returns its chunks. */
async function readyCampaign(db: Database, teamId: string, ignoreFrequencyCaps: boolean) {
  const campaign = await createCampaign(db, {
    access: benchAccess(teamId),
    input: { ...INPUT, segmentIds: [], ignoreFrequencyCaps },
  });
  await sendCampaignNow(db, { access: benchAccess(teamId), campaignId: campaign.id });
  const { chunks } = await db.transaction().execute(async (trx) => {
    const resolved = await resolveRecipients(trx, { id: campaign.id, teamId, type: "EMAIL" });
    await trx.updateTable("campaigns").set({ resolvedAt: new Date() }).where("id", "=", campaign.id).execute();
    return resolved;
  });
  return { id: campaign.id, chunks };
}

/** Sends the campaign's chunks one after another in this process; wall and CPU seconds. */
async function sendAll(db: Database, campaign: { id: string; chunks: { from: string; to: string | null }[] }) {
  const worker = { db, owner: "bench", settings: SETTINGS, senders: senderFor, stopping: () => false };
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const chunk of campaign.chunks) await sendChunk(worker, { campaignId: campaign.id, chunk });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const sent = await db
    .selectFrom("deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("campaignId", "=", campaign.id)
    .where("status", "=", "sent")
    .executeTakeFirstOrThrow();
  return { seconds: round(seconds), nodeCpuSeconds: round((used.user + used.system) / 1e6), sent: Number(sent.n) };
}

const database = await startBenchDatabase("bench-frequency", { fast: true });
const { db } = database;
try {
  const teamId = await createBenchTeam(db);
  await seedContacts(db, { teamId, count: CONTACTS });
  log(`${CONTACTS} contacts; three past emails each`);
  for (const daysAgo of [1, 3, 5]) {
    const past = await readyCampaign(db, teamId, false);
    await sql`update deliveries set status = 'sent', sent_at = now() - make_interval(days => ${daysAgo})
      where campaign_id = ${past.id}`.execute(db);
    await sql`update campaigns set state = 'SENT' where id = ${past.id}`.execute(db);
  }
  // Caps that hold nobody back (three a week each), so every way sends the same messages.
  await saveFrequencySettings(db, {
    access: benchAccess(teamId),
    input: {
      rules: [
        { channel: "EMAIL", limit: 10, window: 1, unit: "days" },
        { channel: "EMAIL", limit: 20, window: 7, unit: "days" },
      ],
      quietHours: [],
      timeZoneAttribute: null,
      overCap: "wait",
    },
  });
  await sql`analyze`.execute(db);

  const runs: Record<string, ReturnType<typeof sendAll> extends Promise<infer R> ? R[] : never> = {
    ignoringCaps: [],
    withCaps: [],
    ignoringCapsWithoutCapIndex: [],
  };
  for (let round = 0; round < 2; round += 1) {
    log(`round ${round + 1}`);
    runs.ignoringCaps!.push(await sendAll(db, await readyCampaign(db, teamId, true)));
    runs.withCaps!.push(await sendAll(db, await readyCampaign(db, teamId, false)));
    await sql`drop index deliveries_contact_channel_sent_idx`.execute(db);
    runs.ignoringCapsWithoutCapIndex!.push(await sendAll(db, await readyCampaign(db, teamId, true)));
    await sql`create index deliveries_contact_channel_sent_idx
      on deliveries (contact_id, channel, (coalesce(sent_at, updated_at)))
      where status in ('sending', 'sent', 'unknown')`.execute(db);
  }

  // One decision alone, on contacts who by now have nine messages in the week.
  const ids = (await db.selectFrom("contacts").select("id").where("teamId", "=", teamId).limit(500).execute()).map(
    (row) => row.id,
  );
  const decision: Record<string, number> = {};
  for (const size of [50, 500]) {
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      await decideSends(db, {
        teamId,
        contactIds: ids.slice(0, size),
        channel: "EMAIL",
        overCap: "wait",
        now: new Date(),
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    decision[`medianMsFor${size}Contacts`] = round(times[10]!);
  }
  console.log(JSON.stringify({ contacts: CONTACTS, pastEmailsPerContact: 3, runs, decision }, null, 2));
} finally {
  await database.stop();
}
