import { describe, expect, test } from "vitest";
import { loader as outboxApi } from "#app/routes/api/outbox.ts";
import { getDb } from "#db/database.ts";
import { listOutboxMessages } from "#server/delivery/outbox-api.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { addContacts, chunkWorker, draftCampaign, sendQueues } from "./fixtures.ts";
import { planOf } from "./plan-of.ts";
import { ownerAccess } from "../team-access.ts";

const queues = sendQueues();

type Message = {
  id: string;
  campaignId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  sentAt: string;
};

const get = async (path: string, token: string) => {
  const response = await respond(() => outboxApi(routeArgs(getRequest(path, bearer(token)))));
  return { status: response.status, body: await response.json() };
};

/**
 * New contacts with these addresses, and a campaign to all the team's contacts (no segment) sent through the outbox.
 */
async function sendTo(teamId: string, emails: string[], subject: string) {
  await addContacts(
    teamId,
    emails.map((email) => ({ email, name: email.split("@")[0] })),
  );
  const campaign = await draftCampaign(teamId, { subject, content: "<p>Hello {{ contact.name }}</p>" });
  await sendCampaignNow(getDb(), { access: await ownerAccess(teamId), campaignId: campaign.id });
  await startCampaign(getDb(), queues.boss, campaign.id);
  const jobs = await queues.boss.findJobs<{ campaignId: string; chunk: { from: string; to: string | null } }>(
    SEND_CHUNK_QUEUE,
    { data: { campaignId: campaign.id } },
  );
  for (const job of jobs) await sendChunk(chunkWorker(), job.data);
  return campaign;
}

describe("GET /api/outbox", () => {
  test("lists the team's sent messages as a mail catcher would, by campaign or address, page by page", async () => {
    const user = await signedIn();
    const launch = await sendTo(user.teamId, ["ann@murmur.test", "bob@murmur.test", "cy@murmur.test"], "Launch");
    const followUp = await sendTo(user.teamId, ["dee@murmur.test"], "Follow-up");

    const all = await get("/api/outbox", user.token);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(7);
    expect(all.body.nextCursor).toBeNull();

    // Newest first: the follow-up reached ann after the launch did.
    const ann = await get("/api/outbox?to=ANN@murmur.test", user.token);
    expect(ann.body.data.map((m: Message) => [m.campaignId, m.subject])).toEqual([
      [followUp.id, "Follow-up"],
      [launch.id, "Launch"],
    ]);
    const message: Message = ann.body.data[1];
    expect(message).toMatchObject({
      campaignId: launch.id,
      to: "ann@murmur.test",
      subject: "Launch",
      sentAt: expect.any(String),
    });
    expect(message.html).toContain("Hello ann");
    expect(message.text).toContain("Hello ann");
    expect(message.headers["List-Unsubscribe"]).toMatch(/^<http/);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: Message[]; nextCursor: string | null } } = await get(
        `/api/outbox?campaignId=${launch.id}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        user.token,
      );
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((m) => m.to));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(["ann@murmur.test", "bob@murmur.test", "cy@murmur.test"]);
  });

  test("another team sees none of it; bad parameters are a 400 naming the field", async () => {
    const user = await signedIn();
    const launch = await sendTo(user.teamId, ["eve@murmur.test"], "Launch");
    const stranger = await signedIn();
    expect((await get("/api/outbox", stranger.token)).body.data).toEqual([]);
    const theirs = await get(`/api/outbox?campaignId=${launch.id}`, stranger.token);
    expect(theirs).toEqual({ status: 404, body: { message: "Campaign not found." } });

    const badCampaign = await get("/api/outbox?campaignId=launch", user.token);
    expect(badCampaign.status).toBe(400);
    expect(badCampaign.body.fields).toEqual({ campaignId: ["campaignId must be a campaign's id"] });
    const badLimit = await get("/api/outbox?limit=0", user.token);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.fields).toEqual({ limit: ["limit must be 1 to 500"] });
    const badCursor = await get("/api/outbox?cursor=abc", user.token);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.fields.cursor).toBeDefined();

    const anonymous = await respond(() => outboxApi(routeArgs(getRequest("/api/outbox"))));
    expect(anonymous.status).toBe(401);
  });

  test("each filter reads an index in the list's order, with no sort", async () => {
    const user = await signedIn();
    const launch = await sendTo(user.teamId, ["fay@murmur.test"], "Launch");
    const byCampaign = await planOf((db) =>
      listOutboxMessages(db, { teamId: user.teamId, campaignId: launch.id, limit: 50 }),
    );
    expect(byCampaign).toContain("outbox_messages_campaign_created_idx");
    expect(byCampaign).not.toMatch(/\bSort\b/);
    const byAddress = await planOf((db) =>
      listOutboxMessages(db, { teamId: user.teamId, to: "fay@murmur.test", limit: 50 }),
    );
    expect(byAddress).toContain("outbox_messages_to_created_idx");
    expect(byAddress).not.toMatch(/\bSort\b/);
  });
});
