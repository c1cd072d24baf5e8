import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { createUser } from "../factories.ts";
import { addContacts, chunkWorker, draftCampaign, staticSegment, sendQueues } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

const queues = sendQueues();

const db = () => getDb();

// Empty for a contact without the attribute, so it passes the save check; a contact with
// visits = 100,000 makes it ten billion iterations, and one with `pages` a 2 MB message.
const CONTENT =
  "<p>Hi {{ contact.name }}</p>" +
  "{% for a in (1..contact.attributes.visits) %}{% for b in (1..contact.attributes.visits) %}.{% endfor %}{% endfor %}" +
  `{% for p in (1..contact.attributes.pages) %}<p>${"Read all about it. ".repeat(50)}</p>{% endfor %}`;

describe("a message over the render budget at send time", () => {
  test("fails that recipient's delivery with the reason; the others are sent, and nothing is sent twice", async () => {
    const { teamId } = await createUser();
    const ids = await addContacts(teamId, [
      { email: "ann@murmur.test", name: "Ann" },
      { email: "loop@murmur.test", name: "Loop" },
      { email: "bo@murmur.test", name: "Bo" },
      { email: "huge@murmur.test", name: "Huge" },
    ]);
    const campaign = await draftCampaign(teamId, {
      segmentIds: [await staticSegment(teamId, ids)],
      subject: "News",
      content: CONTENT,
    });
    // Saved: the check's contacts have neither attribute.
    expect(campaign.id).toBeTruthy();
    await db()
      .updateTable("contacts")
      .set({ attributes: JSON.stringify({ visits: 100_000 }) })
      .where("id", "=", ids[1]!)
      .execute();
    await db()
      .updateTable("contacts")
      .set({ attributes: JSON.stringify({ pages: 2_000 }) })
      .where("id", "=", ids[3]!)
      .execute();
    await sendCampaignNow(db(), { access: await ownerAccess(teamId), campaignId: campaign.id });
    await startCampaign(db(), queues.boss, campaign.id);
    const [job] = await queues.boss.findJobs<{ campaignId: string; chunk: { from: string; to: string | null } }>(
      SEND_CHUNK_QUEUE,
      { data: { campaignId: campaign.id } },
    );

    expect(await sendChunk(chunkWorker(), { campaignId: campaign.id, chunk: job!.data.chunk })).toEqual({
      retryAt: null,
    });
    const deliveries = () =>
      db()
        .selectFrom("deliveries")
        .select(["address", "status", "error"])
        .where("campaignId", "=", campaign.id)
        .orderBy("address")
        .execute();
    expect(await deliveries()).toEqual([
      { address: "ann@murmur.test", status: "sent", error: null },
      { address: "bo@murmur.test", status: "sent", error: null },
      {
        address: "huge@murmur.test",
        status: "failed",
        error: "The message could not be personalised: Rendered content is larger than 1024 KB",
      },
      {
        address: "loop@murmur.test",
        status: "failed",
        error: "The message could not be personalised: Content took too long to render (over 50 ms)",
      },
    ]);
    const outbox = () =>
      db()
        .selectFrom("outboxMessages")
        .select("toAddress")
        .where("campaignId", "=", campaign.id)
        .orderBy("toAddress")
        .execute();
    expect(await outbox()).toEqual([{ toAddress: "ann@murmur.test" }, { toAddress: "bo@murmur.test" }]);
    const state = await db()
      .selectFrom("campaigns")
      .select("state")
      .where("id", "=", campaign.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe("SENT");

    // The chunk's job running again (a retry) finds nothing due: failed is final.
    await db().updateTable("campaigns").set({ state: "ACTIVE" }).where("id", "=", campaign.id).execute();
    await sendChunk(chunkWorker(), { campaignId: campaign.id, chunk: job!.data.chunk });
    expect(await outbox()).toHaveLength(2);
    expect((await deliveries()).map((d) => d.status)).toEqual(["sent", "sent", "failed", "failed"]);
  });
});
