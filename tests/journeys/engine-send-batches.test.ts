import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { type ChunkJob, sendChunk } from "#server/delivery/send-chunk.ts";
import { runJourneyBatch } from "#server/journeys/engine/run-batch.ts";
import { createUser } from "../factories.ts";
import { chunkWorker, sendQueues, testSettings } from "../delivery/fixtures.ts";
import { identify, ingest, outboxOf, track } from "./engine-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// A send step's messages are sent by one chunk job per batch of runs. A batch's
// contacts are spread over the contact range, so two batches' ranges overlap: each
// job must send its own batch's messages, and no other's.

const queues = sendQueues();

describe("a journey's send step", () => {
  test("each batch's chunk job sends that batch's messages only, though the batches' contacts interleave", async () => {
    const { teamId } = await createUser();
    // Contact ids grow in the order the contacts are made: ann < ben < cat < dan.
    for (const userId of ["ann", "ben", "cat", "dan"])
      await identify(teamId, userId, { email: `${userId}@murmur.test`, name: userId });
    await liveJourney(teamId, {
      entry: { type: "event", event: "Signed Up", properties: [] },
      reentry: { mode: "once" },
      steps: [{ id: "hello", type: "send", channel: "EMAIL", subject: "Hello", content: "<p>Hi</p>" }],
    });
    const now = new Date();
    // The first batch holds ann and dan, the second ben and cat: inside the first's range.
    for (const userId of ["ann", "dan"]) await track(teamId, userId, "Signed Up");
    expect(await runJourneyBatch(getDb(), queues.boss, { now })).toBe(2);
    for (const userId of ["ben", "cat"]) await track(teamId, userId, "Signed Up");
    expect(await runJourneyBatch(getDb(), queues.boss, { now })).toBe(2);

    const jobs = await queues.boss.fetch<ChunkJob>(SEND_CHUNK_QUEUE, { batchSize: 10 });
    expect(jobs).toHaveLength(2);
    const ann = await getDb()
      .selectFrom("contacts")
      .select("id")
      .where("teamId", "=", teamId)
      .where("email", "=", "ann@murmur.test")
      .executeTakeFirstOrThrow();
    const first = jobs.find((job) => job.data.chunk.from === ann.id)!;
    const second = jobs.find((job) => job !== first)!;

    await sendChunk(chunkWorker(), first.data);
    expect((await outboxOf(teamId)).map((m) => m.toAddress).sort()).toEqual(["ann@murmur.test", "dan@murmur.test"]);
    await sendChunk(chunkWorker(), second.data);
    expect((await outboxOf(teamId)).map((m) => m.toAddress).sort()).toEqual([
      "ann@murmur.test",
      "ben@murmur.test",
      "cat@murmur.test",
      "dan@murmur.test",
    ]);
    await queues.boss.complete(
      SEND_CHUNK_QUEUE,
      jobs.map((job) => job.id),
    );
  });

  test("a contact who enters twice gets both messages, each its own Message-ID, though a window ends between them", async () => {
    const { teamId } = await createUser();
    for (const userId of ["ann", "ben"])
      await identify(teamId, userId, { email: `${userId}@murmur.test`, name: userId });
    await liveJourney(teamId, {
      entry: { type: "event", event: "Ordered", properties: [] },
      reentry: { mode: "every_time" },
      steps: [{ id: "thanks", type: "send", channel: "EMAIL", subject: "Thanks", content: "<p>Thanks</p>" }],
    });
    // Two orders of ann and one of ben: one batch of three runs, sent a message per window.
    for (const userId of ["ann", "ann", "ben"]) await track(teamId, userId, "Ordered");
    expect(await runJourneyBatch(getDb(), queues.boss, { now: new Date() })).toBe(3);
    const jobs = await queues.boss.fetch<ChunkJob>(SEND_CHUNK_QUEUE, { batchSize: 10 });
    expect(jobs).toHaveLength(1);

    await sendChunk(chunkWorker({ settings: testSettings({ window: 1 }) }), jobs[0]!.data);
    const sent = await getDb()
      .selectFrom("outboxMessages")
      .select(["toAddress", "messageId"])
      .where("teamId", "=", teamId)
      .execute();
    expect(sent.map((m) => m.toAddress).sort()).toEqual(["ann@murmur.test", "ann@murmur.test", "ben@murmur.test"]);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(3);
    await queues.boss.complete(
      SEND_CHUNK_QUEUE,
      jobs.map((job) => job.id),
    );
  });

  test("a journey's messages go before the backlog of one that many contacts entered at once", async () => {
    await queues.boss.deleteAllJobs(SEND_CHUNK_QUEUE);
    const crowd = await createUser();
    const people = Array.from({ length: 1_200 }, (_, n) => `person-${n}`);
    await ingest(
      crowd.teamId,
      people.map((userId) => ({ type: "identify", userId, properties: { email: `${userId}@murmur.test` } })),
    );
    await liveJourney(crowd.teamId, {
      entry: { type: "event", event: "Imported", properties: [] },
      reentry: { mode: "once" },
      steps: [{ id: "hello", type: "send", channel: "EMAIL", subject: "Hello", content: "<p>Hi</p>" }],
    });
    await ingest(
      crowd.teamId,
      people.map((userId) => ({ type: "track", userId, name: "Imported" })),
    );
    const now = new Date();
    while ((await runJourneyBatch(getDb(), queues.boss, { now })) > 0);
    // Another team's welcome, a moment later.
    const { teamId } = await createUser();
    await identify(teamId, "ann", { email: "ann@murmur.test" });
    await liveJourney(teamId, {
      entry: { type: "event", event: "Signed Up", properties: [] },
      reentry: { mode: "once" },
      steps: [{ id: "welcome", type: "send", channel: "EMAIL", subject: "Welcome", content: "<p>Hi</p>" }],
    });
    await track(teamId, "ann", "Signed Up");
    expect(await runJourneyBatch(getDb(), queues.boss, { now: new Date() })).toBe(1);

    const taken: string[] = [];
    for (
      let job = await queues.boss.fetch<ChunkJob>(SEND_CHUNK_QUEUE);
      job.length;
      job = await queues.boss.fetch<ChunkJob>(SEND_CHUNK_QUEUE)
    )
      taken.push(job[0]!.data.campaignId);

    const teams = await getDb().selectFrom("campaigns").select(["id", "teamId"]).where("id", "in", taken).execute();
    const teamOf = new Map(teams.map((campaign) => [campaign.id, campaign.teamId]));
    expect(taken.map((id) => (teamOf.get(id) === teamId ? "welcome" : "bulk"))).toEqual([
      "bulk",
      "welcome",
      "bulk",
      "bulk",
    ]);
  });
});
