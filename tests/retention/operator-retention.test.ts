import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { newId, newIds } from "#db/ids.ts";
import { applyRetention } from "#server/retention/apply-retention.ts";
import { pruneRowsBefore } from "#server/retention/prune-rows.ts";
import type { RetentionSettings } from "#server/retention/settings.ts";
import { seedEvents } from "../events/seed.ts";
import { createUser } from "../factories.ts";
import { eventsWithPartition } from "./stored-events.ts";

const DAY = 24 * 60 * 60 * 1000;
// Far ahead of the rows other tests store now, which are all older than every cutoff here.
const NOW = new Date("2034-03-01T06:00:00Z");
const SETTINGS: RetentionSettings = { engagementDays: 730, outboxDays: 90, eventDedupDays: 30, jobHistoryDays: 7 };
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY);

async function storeUnsubscribes(teamId: string, times: Date[]) {
  await getDb()
    .insertInto("engagementEvents")
    .values(times.map((occurredAt) => ({ teamId, kind: "unsubscribe", detail: "link", occurredAt })))
    .execute();
}

async function storeOutboxMessages(teamId: string, times: Date[]) {
  const ids = newIds(times.length);
  await getDb()
    .insertInto("outboxMessages")
    .values(
      times.map((createdAt, i) => ({
        id: ids[i]!,
        teamId,
        channel: "EMAIL",
        toAddress: `reader${i}@murmur.test`,
        messageId: `<${ids[i]}@murmur.test>`,
        summary: `Message ${i}`,
        content: JSON.stringify({ channel: "EMAIL" }),
        createdAt,
      })),
    )
    .execute();
}

const unsubscribesLeft = async (teamId: string) =>
  (
    await getDb()
      .selectFrom("engagementEvents")
      .select("occurredAt")
      .where("teamId", "=", teamId)
      .orderBy("occurredAt")
      .execute()
  ).map((row) => row.occurredAt.toISOString());

const outboxLeft = async (teamId: string) =>
  (
    await getDb()
      .selectFrom("outboxMessages")
      .select("createdAt")
      .where("teamId", "=", teamId)
      .orderBy("createdAt")
      .execute()
  ).map((row) => row.createdAt.toISOString());

describe("the operator's retention of engagement rows and outbox messages", () => {
  test("rows older than the setting go, to the millisecond; newer ones stay, of every team", async () => {
    const { teamId } = await createUser();
    const engagementCutoff = daysBefore(730);
    const outboxCutoff = daysBefore(90);
    await storeUnsubscribes(teamId, [new Date(engagementCutoff.getTime() - 1), engagementCutoff, daysBefore(1)]);
    await storeOutboxMessages(teamId, [new Date(outboxCutoff.getTime() - 1), outboxCutoff, daysBefore(1)]);

    const run = await applyRetention(getDb(), { now: NOW, settings: SETTINGS });

    expect(run.done).toBe(true);
    expect(run.deleted.engagement_events).toBeGreaterThanOrEqual(1);
    expect(await unsubscribesLeft(teamId)).toEqual([engagementCutoff.toISOString(), daysBefore(1).toISOString()]);
    expect(await outboxLeft(teamId)).toEqual([outboxCutoff.toISOString(), daysBefore(1).toISOString()]);
  });

  test("0 days keeps them forever", async () => {
    const { teamId } = await createUser();
    await storeUnsubscribes(teamId, [daysBefore(5000)]);
    await storeOutboxMessages(teamId, [daysBefore(5000)]);

    await applyRetention(getDb(), { now: NOW, settings: { ...SETTINGS, engagementDays: 0, outboxDays: 0 } });

    expect(await unsubscribesLeft(teamId)).toEqual([daysBefore(5000).toISOString()]);
    expect(await outboxLeft(teamId)).toEqual([daysBefore(5000).toISOString()]);
  });

  test("a backlog is deleted in batches of the given size, within the budget of a run", async () => {
    const { teamId } = await createUser();
    await storeOutboxMessages(
      teamId,
      Array.from({ length: 5 }, (_, i) => daysBefore(200 + i)),
    );
    const before = daysBefore(90);

    const first = await pruneRowsBefore(getDb(), { table: "outbox_messages", before, batchSize: 2, maxBatches: 2 });
    expect(first).toEqual({ deleted: 4, batches: 2, done: false });
    const second = await pruneRowsBefore(getDb(), { table: "outbox_messages", before, batchSize: 2, maxBatches: 10 });
    expect(second.done).toBe(true);
    expect(await outboxLeft(teamId)).toEqual([]);
  });
});

describe("the dedup window", () => {
  test("a message sent again within it is dropped; once it has passed, the same messageId is stored again", async () => {
    const { teamId } = await createUser();
    const messageId = `retry-${newId()}`;
    const send = () => seedEvents(teamId, [{ name: "Signed In", messageId, occurredAt: "2026-01-05T10:00:00Z" }]);
    await send();
    const received = new Date();

    // 29 days on: still remembered.
    await applyRetention(getDb(), { now: new Date(received.getTime() + 29 * DAY), settings: SETTINGS });
    await send();
    expect(await eventsWithPartition(teamId)).toHaveLength(1);

    // 31 days on: forgotten, as the operator's EVENT_DEDUP_DAYS=30 says.
    await applyRetention(getDb(), { now: new Date(received.getTime() + 31 * DAY), settings: SETTINGS });
    await send();
    expect((await eventsWithPartition(teamId)).map((event) => event.messageId)).toEqual([messageId, messageId]);
  });
});
