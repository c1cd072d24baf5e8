import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import * as broadcastRoute from "#app/routes/dashboard/broadcast.tsx";
import { getDb } from "#db/database.ts";
import { finishCampaigns } from "#server/delivery/finish.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { saveFrequencySettings } from "#server/frequency/settings.ts";
import type { FrequencySettingsInput } from "#shared/frequency/schemas.ts";
import { signedIn } from "../factories.ts";
import { getRequest } from "../requests.ts";
import { renderPage } from "../render-route.ts";
import { serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";
import {
  addContacts,
  chunkJobsOf,
  chunkWorker,
  draftCampaign,
  sendAllChunks,
  sendQueues,
} from "../delivery/fixtures.ts";
import { pastMessage } from "./ledger.ts";

const queues = sendQueues();
const HOUR = 3600_000;
// Earlier than the database's own clock, so a held delivery's time has come for the ledger when the clock reaches it.
const CLOCK = new Date("2026-01-10T12:00:00Z");
const at = (hours: number) => new Date(CLOCK.getTime() + hours * HOUR);

async function teamWithCap(settings: Partial<FrequencySettingsInput> = {}) {
  const user = await signedIn();
  await saveFrequencySettings(getDb(), {
    access: await ownerAccess(user.teamId),
    input: {
      rules: [{ channel: "EMAIL", limit: 1, window: 1, unit: "days" }],
      quietHours: [],
      timeZoneAttribute: null,
      overCap: "wait",
      ...settings,
    },
  });
  return user;
}

/** `capped` contacts who got an email an hour before the clock, then `free` ones who got none. */
async function audience(teamId: string, capped: number, free: number) {
  const cappedIds = await addContacts(
    teamId,
    Array.from({ length: capped }, (_, i) => ({ email: `capped${String(i).padStart(3, "0")}@murmur.test` })),
  );
  const lastWeek = await draftCampaign(teamId);
  for (const id of cappedIds) await pastMessage(teamId, id, { at: at(-1), campaignId: lastWeek.id });
  await addContacts(
    teamId,
    Array.from({ length: free }, (_, i) => ({ email: `free${i}@murmur.test` })),
  );
}

const ledger = (campaignId: string) =>
  getDb()
    .selectFrom("deliveries")
    .select(["address", "status", "error", "nextAttemptAt"])
    .where("campaignId", "=", campaignId)
    .orderBy("address")
    .execute();
const outboxOf = (campaignId: string) =>
  getDb().selectFrom("outboxMessages").select("toAddress").where("campaignId", "=", campaignId).execute();
const stateOf = async (campaignId: string) =>
  (await getDb().selectFrom("campaigns").select("state").where("id", "=", campaignId).executeTakeFirstOrThrow()).state;

describe("a broadcast under the team's frequency cap", () => {
  test("contacts over the cap wait, with the reason, until it lets them go; the others are sent; the campaign finishes only then", async () => {
    const user = await teamWithCap();
    // More capped contacts than a window reads (50): a window held back whole does not end the chunk.
    await audience(user.teamId, 55, 3);
    const campaign = await draftCampaign(user.teamId, { subject: "Spring" });
    const worker = chunkWorker({ now: () => CLOCK });
    await sendAllChunks(queues.boss, { teamId: user.teamId, campaignId: campaign.id, worker });

    const rows = await ledger(campaign.id);
    const free = rows.filter((row) => row.address.startsWith("free"));
    const capped = rows.filter((row) => row.address.startsWith("capped"));
    expect(free.map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
    expect(capped).toHaveLength(55);
    const released = at(23);
    for (const row of capped)
      expect(row).toMatchObject({
        status: "queued",
        nextAttemptAt: released,
        error: "Held back by frequency cap: at most 1 email per day. Waiting until Jan 11, 2026, 11:00 AM UTC.",
      });
    expect((await outboxOf(campaign.id)).map((m) => m.toAddress).sort()).toEqual([
      "free0@murmur.test",
      "free1@murmur.test",
      "free2@murmur.test",
    ]);
    // Not finished early, and the chunk's next job is due when the cap lets them go, not before.
    expect(await finishCampaigns(getDb(), { campaignIds: [campaign.id] })).toEqual([]);
    expect(await stateOf(campaign.id)).toBe("ACTIVE");
    const [job] = await chunkJobsOf(queues.boss, campaign.id);
    expect(await sendChunk(worker, job!.data)).toEqual({ retryAt: released });
    expect(await outboxOf(campaign.id)).toHaveLength(3);

    // When the clock reaches that time, the chunk's next job sends them, each once, and the campaign is SENT.
    expect(await sendChunk(chunkWorker({ now: () => released }), job!.data)).toEqual({ retryAt: null });
    const after = await ledger(campaign.id);
    expect(after.every((row) => row.status === "sent" && row.error === null)).toBe(true);
    const sentTo = (await outboxOf(campaign.id)).map((m) => m.toAddress);
    expect(sentTo).toHaveLength(58);
    expect(new Set(sentTo).size).toBe(58);
    expect(await stateOf(campaign.id)).toBe("SENT");
  });

  test("with skip, contacts over the cap are held back for good with the reason, shown on the campaign page", async () => {
    const user = await teamWithCap({ overCap: "skip" });
    await audience(user.teamId, 2, 2);
    const campaign = await draftCampaign(user.teamId, { subject: "Spring" });
    await sendAllChunks(queues.boss, {
      teamId: user.teamId,
      campaignId: campaign.id,
      worker: chunkWorker({ now: () => CLOCK }),
    });
    const rows = await ledger(campaign.id);
    expect(rows.map((row) => [row.address.slice(0, 7), row.status])).toEqual([
      ["capped0", "skipped"],
      ["capped0", "skipped"],
      ["free0@m", "sent"],
      ["free1@m", "sent"],
    ]);
    expect(rows[0]!.error).toBe("Held back by frequency cap: at most 1 email per day. Skipped.");
    expect(await stateOf(campaign.id)).toBe("SENT");

    const path = `/dashboard/broadcasts/${campaign.id}`;
    const page = await (
      await serveDashboard(broadcastRoute.loader, getRequest(`${path}?outcome=held_back`, user.cookie), {
        id: campaign.id,
      })
    ).json();
    expect(page.progress).toMatchObject({ total: 4, sent: 2, skipped: 2 });
    expect(
      page.recipients.rows
        .map((row: { address: string; status: string; error: string }) => [row.address, row.status, row.error])
        // Contacts made in the same millisecond list in their ids' order, which is not their addresses'.
        .sort((a: string[], b: string[]) => a[0]!.localeCompare(b[0]!)),
    ).toEqual([
      ["capped000@murmur.test", "skipped", "Held back by frequency cap: at most 1 email per day. Skipped."],
      ["capped001@murmur.test", "skipped", "Held back by frequency cap: at most 1 email per day. Skipped."],
    ]);
    const shown = await renderPage(`${path}?outcome=held_back`, broadcastRoute as never, async () =>
      (
        await serveDashboard(broadcastRoute.loader, getRequest(`${path}?outcome=held_back`, user.cookie), {
          id: campaign.id,
        })
      ).json(),
    );
    expect(shown.text).toContain("Held back by frequency cap 2");
    expect(shown.text).toMatch(
      /capped00[01]@murmur\.test Ada held back by frequency cap Held back by frequency cap: at most 1 email per day\. Skipped\./,
    );
  });

  test("a campaign that ignores frequency caps and quiet hours sends everyone at once", async () => {
    const user = await teamWithCap({ quietHours: [{ channel: "EMAIL", from: "00:00", to: "23:59" }] });
    await audience(user.teamId, 2, 2);
    const campaign = await draftCampaign(user.teamId, { subject: "Your password policy changed" });
    await getDb().updateTable("campaigns").set({ ignoreFrequencyCaps: true }).where("id", "=", campaign.id).execute();
    await sendAllChunks(queues.boss, {
      teamId: user.teamId,
      campaignId: campaign.id,
      worker: chunkWorker({ now: () => CLOCK }),
    });
    expect((await ledger(campaign.id)).map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
    expect(await outboxOf(campaign.id)).toHaveLength(4);
    expect(await stateOf(campaign.id)).toBe("SENT");
  });

  test("quiet hours hold a contact in a zone where it is night and send one where it is day", async () => {
    const user = await teamWithCap({
      rules: [],
      quietHours: [{ channel: "EMAIL", from: "21:00", to: "09:00" }],
      timeZoneAttribute: "timezone",
    });
    const [tokyo, paris] = await addContacts(user.teamId, [
      { email: "tokyo@murmur.test" },
      { email: "paris@murmur.test" },
    ]);
    const zones: [string, string][] = [
      [tokyo!, "Asia/Tokyo"],
      [paris!, "Europe/Paris"],
    ];
    for (const [id, timezone] of zones)
      await getDb()
        .updateTable("contacts")
        .set({ attributes: JSON.stringify({ timezone }) })
        .where("id", "=", id)
        .execute();
    const campaign = await draftCampaign(user.teamId, { subject: "Spring" });
    // 12:00 UTC: 21:00 in Tokyo, 13:00 in Paris.
    await sendAllChunks(queues.boss, {
      teamId: user.teamId,
      campaignId: campaign.id,
      worker: chunkWorker({ now: () => CLOCK }),
    });
    const rows = await ledger(campaign.id);
    expect(rows.find((row) => row.address === "paris@murmur.test")).toMatchObject({ status: "sent" });
    expect(rows.find((row) => row.address === "tokyo@murmur.test")).toMatchObject({
      status: "queued",
      nextAttemptAt: new Date("2026-01-11T00:00:00Z"),
      error:
        "Held back by quiet hours: no email from 21:00 to 09:00 Asia/Tokyo. Waiting until Jan 11, 2026, 9:00 AM Asia/Tokyo.",
    });
  });
  test("two broadcasts sending at the same moment give each contact one email under a cap of one a day", async () => {
    const user = await teamWithCap();
    await addContacts(
      user.teamId,
      Array.from({ length: 40 }, (_, i) => ({ email: `both${String(i).padStart(2, "0")}@murmur.test` })),
    );
    const campaigns = [
      await draftCampaign(user.teamId, { subject: "Spring" }),
      await draftCampaign(user.teamId, { subject: "Summer" }),
    ];
    for (const campaign of campaigns) {
      await sendCampaignNow(getDb(), { access: await ownerAccess(user.teamId), campaignId: campaign.id });
      await startCampaign(getDb(), queues.boss, campaign.id);
    }
    // Both chunks read their windows before either has marked a message: each finds every contact under the cap.
    const jobs = (await Promise.all(campaigns.map((c) => chunkJobsOf(queues.boss, c.id)))).flat();
    const worker = chunkWorker({ now: () => CLOCK });
    const { rows: clock } = await sql<{ now: Date }>`select now()`.execute(getDb());
    await Promise.all(jobs.map((job) => sendChunk(worker, job.data)));

    const sent = (await Promise.all(campaigns.map((c) => outboxOf(c.id)))).flat().map((m) => m.toAddress);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    // The other message waits, with the reason, until a day after the one that went out (counted from when it was taken).
    const rows = await getDb()
      .selectFrom("deliveries")
      .select(["address", "status", "error", "sentAt", "nextAttemptAt"])
      .where("teamId", "=", user.teamId)
      .execute();
    const held = rows.filter((row) => row.status !== "sent");
    expect(held).toHaveLength(40);
    for (const row of held) {
      const went = rows.find((other) => other.address === row.address && other.status === "sent")!;
      expect(row.status).toBe("queued");
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(clock[0]!.now.getTime() + 24 * HOUR);
      expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(went.sentAt!.getTime() + 24 * HOUR);
      expect(row.error).toMatch(/^Held back by frequency cap: at most 1 email per day\. Waiting until /);
    }
  });
});
