import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { ingestMessages } from "#server/events/ingest.ts";
import { seedContacts } from "../../bench/lib/send-fixtures.ts";
import { createUser } from "../factories.ts";
import { liveJourney } from "../journeys/live-journey.ts";
import { startMessageIdSink } from "./message-id-sink.ts";
import { exited, KILLS, killPoints, SEED, startWorkerProcess, UNKNOWN_BOUND } from "./crash-harness.ts";

// The crash test of decision 008, for journeys: 20,000 contacts enter a journey of
// three emails separated by one-second waits, through ingestion, while the real
// worker (crash-worker.ts: the journey runtime, which enters the contacts from the
// events ingestion queued, and the send pipeline) is SIGKILLed 5 times. Journeys send through the same ledger, so the same bound holds.

const CONTACTS = 20_000;
const STEPS = ["first", "second", "third"] as const;

let worker: ChildProcess | undefined;
afterAll(() => {
  worker?.kill("SIGKILL");
});

test(
  `${CONTACTS} contacts through a three-email journey with the worker SIGKILLed ${KILLS} times: each message once, or a reported unknown outcome`,
  { timeout: 480_000 },
  async () => {
    const db = getDb();
    const sink = await startMessageIdSink();
    const { teamId } = await createUser();
    await seedContacts(db, { teamId, count: CONTACTS, domain: "journey-crash.test" });
    await sql`update contacts set external_id = email where team_id = ${teamId}`.execute(db);
    const journeyId = await liveJourney(teamId, {
      entry: { type: "event", event: "Joined", properties: [] },
      steps: [
        { id: "first", type: "send", channel: "EMAIL", subject: "One for {{ contact.name }}", content: "<p>1</p>" },
        { id: "pause-1", type: "wait", seconds: 1 },
        { id: "second", type: "send", channel: "EMAIL", subject: "Two", content: "<p>2</p>" },
        { id: "pause-2", type: "wait", seconds: 1 },
        { id: "third", type: "send", channel: "EMAIL", subject: "Three", content: "<p>3</p>" },
      ],
    });

    const gaps = killPoints(SEED);
    console.log(`journey crash test: CRASH_SEED=${SEED} (kills after ${gaps.join(", ")} more messages)`);
    worker = startWorkerProcess(sink.port);
    // The contacts enter as their events are ingested, in batches as /v1/batch stores them.
    for (let start = 0; start < CONTACTS; start += 1000) {
      await ingestMessages(db, {
        teamId,
        keyKind: "server",
        receivedAt: new Date(),
        messages: Array.from({ length: Math.min(1000, CONTACTS - start) }, (_, i) => ({
          id: newId(),
          type: "track" as const,
          name: "Joined",
          userId: `person.${start + i}@journey-crash.test`,
          anonymousId: null,
          properties: {},
          context: {},
          messageId: randomUUID(),
          occurredAt: new Date(),
        })),
      });
    }

    let kills = 0;
    for (const gap of gaps) {
      const killAt = sink.total() + gap;
      const deadline = Date.now() + 60_000;
      while (sink.total() < killAt && Date.now() < deadline) await sleep(5);
      if (sink.total() < killAt) break;
      worker.kill("SIGKILL");
      await exited(worker);
      kills += 1;
      worker = startWorkerProcess(sink.port);
    }

    // Done when every run has finished and no message is queued or in flight.
    const deadline = Date.now() + 360_000;
    let open = { runs: -1, deliveries: -1 };
    while (Date.now() < deadline) {
      const { rows } = await sql<{ runs: number; deliveries: number }>`
        select (select count(*) from journey_runs where journey_id = ${journeyId} and status <> 'finished')::int as runs,
          (select count(*) from deliveries d join campaigns c on c.id = d.campaign_id
           where c.journey_id = ${journeyId} and d.status in ('queued', 'sending'))::int as deliveries`.execute(db);
      open = rows[0]!;
      if (open.runs === 0 && open.deliveries === 0) break;
      await sleep(500);
    }
    worker.kill("SIGTERM");
    await exited(worker);
    await sink.close();

    const { rows } = await sql<{
      campaignId: string;
      contactId: string;
      journeyRunId: string;
      step: string;
      status: string;
    }>`
      select d.campaign_id, d.contact_id, d.journey_run_id, c.journey_step_id as step, d.status
      from deliveries d join campaigns c on c.id = d.campaign_id where c.journey_id = ${journeyId}`.execute(db);
    const counts = {
      deliveries: rows.length,
      sent: 0,
      unknown: 0,
      other: 0,
      messagesAtSink: sink.total(),
      duplicates: 0,
      sentButMissing: 0,
      unknownReceived: 0,
      kills,
    };
    for (const count of sink.received.values()) if (count > 1) counts.duplicates += 1;
    const perStep = Object.fromEntries(STEPS.map((step) => [step, 0]));
    for (const row of rows) {
      perStep[row.step] = (perStep[row.step] ?? 0) + 1;
      // A journey's Message-ID names the run as well (server/delivery/message-id.ts).
      const got = sink.received.get(`${row.campaignId}.${row.contactId}.${row.journeyRunId}`) ?? 0;
      if (row.status === "sent") {
        counts.sent += 1;
        if (got !== 1) counts.sentButMissing += 1;
      } else if (row.status === "unknown") {
        counts.unknown += 1;
        if (got === 1) counts.unknownReceived += 1;
      } else counts.other += 1;
    }
    const outcomes = await db
      .selectFrom("journeyRuns")
      .select(["outcome", (eb) => eb.fn.countAll<number>().as("n")])
      .where("journeyId", "=", journeyId)
      .groupBy("outcome")
      .execute();
    console.log(`journey crash test: ${JSON.stringify({ seed: SEED, ...counts, perStep, open })}`);

    expect(kills, `CRASH_SEED=${SEED}`).toBe(KILLS);
    expect(outcomes.map((o) => [o.outcome, Number(o.n)])).toEqual([["completed", CONTACTS]]);
    // The worker enters the contacts from the events ingestion queued (and is killed while at it):
    // each entered once, counted once, and nothing left queued.
    const entry = await db
      .selectFrom("journeyStepStats")
      .select("entered")
      .where("journeyId", "=", journeyId)
      .where("stepId", "=", "@entry")
      .executeTakeFirst();
    expect(entry?.entered).toBe(CONTACTS);
    const { rows: queued } = await sql<{ n: number }>`select count(*)::int as n from journey_event_queue`.execute(db);
    expect(queued[0]!.n).toBe(0);
    expect(perStep).toEqual({ first: CONTACTS, second: CONTACTS, third: CONTACTS });
    expect(counts.duplicates).toBe(0);
    expect(counts.sentButMissing).toBe(0);
    expect(counts.other).toBe(0);
    expect(counts.sent + counts.unknown).toBe(3 * CONTACTS);
    expect(counts.unknown).toBeLessThanOrEqual(UNKNOWN_BOUND);
    expect(counts.messagesAtSink).toBe(counts.sent + counts.unknownReceived);
  },
);
