import { describe, expect, test } from "vitest";
import TrackedLink, { loader as click } from "#app/routes/tracking/click.tsx";
import { getDb } from "#db/database.ts";
import { deleteCampaign } from "#server/campaigns/campaigns.ts";
import { SEND_CHUNK_QUEUE } from "#server/delivery/queues.ts";
import { sendChunk, type ChunkJob } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { startCampaign } from "#server/delivery/start-campaign.ts";
import { addContacts, chunkWorker, draftCampaign, sendQueues } from "../delivery/fixtures.ts";
import { createUser } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

// A click link of a campaign that no longer exists must not be an open redirect:
// the link is taken from a message the pipeline really sent to the outbox.

const READER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DESTINATION = "https://shop.example/spring?utm_source=murmur&id=42";

const queues = sendQueues();

/**
 * Sends a one-recipient EMAIL campaign through the outbox and returns the tracked link path from the stored message.
 */
async function sentLink() {
  const db = getDb();
  const { teamId } = await createUser();
  await addContacts(teamId, [{ email: "reader@example.com", name: "Reader" }]);
  const campaign = await draftCampaign(teamId, {
    content: `<p>Hello, <a href="${DESTINATION.replaceAll("&", "&amp;")}">see the offer</a>.</p>`,
  });
  await sendCampaignNow(db, { access: await ownerAccess(teamId), campaignId: campaign.id });
  await startCampaign(db, queues.boss, campaign.id);
  const jobs = await queues.boss.findJobs<ChunkJob>(SEND_CHUNK_QUEUE, { data: { campaignId: campaign.id } });
  for (const job of jobs) await sendChunk(chunkWorker(), job.data);
  const message = await db
    .selectFrom("outboxMessages")
    .select("content")
    .where("campaignId", "=", campaign.id)
    .executeTakeFirstOrThrow();
  const html = (message.content as { html: string }).html;
  const path = /https?:\/\/[^"]*(\/t\/c\/[A-Za-z0-9_-]+)/.exec(html)?.[1];
  expect(path, "the message's tracked link").toBeTruthy();
  return { teamId, campaignId: campaign.id, path: path! };
}

function follow(path: string) {
  const request = new Request(`http://murmur.test${path}`, { headers: { "User-Agent": READER } });
  return click(routeArgs(request, { params: { token: path.slice("/t/c/".length) } }));
}

describe("a tracked link after its campaign is deleted", () => {
  test("redirects while the campaign exists, then answers a page naming the destination instead of a redirect", async () => {
    const { teamId, campaignId, path } = await sentLink();
    const before = await respond(() => follow(path));
    expect(before.status).toBe(302);
    expect(before.headers.get("Location")).toBe(DESTINATION);

    await deleteCampaign(getDb(), { access: await ownerAccess(teamId), campaignId });
    const after = await respond(() => follow(path));
    expect(after.status).toBe(410);
    expect(after.headers.get("Location")).toBeNull();
    expect(after.headers.get("Cache-Control")).toBe("no-store");

    const page = await renderPage(path, { default: TrackedLink, ErrorBoundary: () => null }, () => follow(path));
    expect(page.status).toBe(410);
    expect(page.text).toContain("This link has expired");
    expect(page.text).toContain(DESTINATION.replaceAll("&", "&amp;"));
    // A plain link the reader may choose to follow, nothing that goes there by itself.
    expect(page.html).toContain(`href="${DESTINATION.replaceAll("&", "&amp;")}"`);
    expect(page.html).not.toMatch(/http-equiv="refresh"|<script/i);
  });
});
