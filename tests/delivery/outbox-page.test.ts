import { describe, expect, test } from "vitest";
import { loader as messagePage } from "../../app/routes/dashboard/outbox-message.tsx";
import { loader as outboxPage } from "../../app/routes/dashboard/outbox.tsx";
import { getDb } from "../../db/database.ts";
import { sendChunk } from "../../server/delivery/send-chunk.ts";
import { sendCampaignNow } from "../../server/delivery/send-now.ts";
import { getRequest } from "../requests.ts";
import { addContacts, chunkWorker, draftCampaign } from "./fixtures.ts";
import { resolveRecipients } from "../../server/delivery/recipients.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";

describe("the outbox", () => {
  test("lists what the outbox sender stored, newest first, and shows an email tracked as its recipient gets it; another team sees none of it", async () => {
    const db = getDb();
    const user = await signedIn();
    await addContacts(user.teamId, Array.from({ length: 30 }, (_, i) => ({ email: `reader${i}@murmur.test`, name: `Reader ${i}` })));
    const campaign = await draftCampaign(user.teamId, { subject: "Hi {{ contact.name }}", content: '<p>See <a href="https://example.com/offer">the offer</a></p>' });
    await sendCampaignNow(db, { teamId: user.teamId, campaignId: campaign.id });
    const { chunks } = await db.transaction().execute((trx) => resolveRecipients(trx, { id: campaign.id, teamId: user.teamId, type: "EMAIL" }));
    await db.updateTable("campaigns").set({ resolvedAt: new Date() }).where("id", "=", campaign.id).execute();
    for (const chunk of chunks) await sendChunk(chunkWorker(), { campaignId: campaign.id, chunk });

    const list = await (await serveDashboard(outboxPage, getRequest("/dashboard/outbox", user.cookie), { id: "" })).json();
    expect(list.messages).toHaveLength(25);
    expect(list.hasNext).toBe(true);
    expect(list.messages[0].summary).toMatch(/^Hi Reader \d+$/);
    const second = await (await serveDashboard(outboxPage, getRequest("/dashboard/outbox?page=2", user.cookie), { id: "" })).json();
    expect(second.messages).toHaveLength(5);

    const id = list.messages[0].id;
    const page = await (await serveDashboard(messagePage, getRequest(`/dashboard/outbox/${id}`, user.cookie), { id })).json();
    const { content } = page.message;
    expect(content.channel).toBe("EMAIL");
    expect(content.html).toMatch(/href="[^"]+\/t\/c\/[^"]+"/);
    expect(content.html).not.toContain('href="https://example.com/offer"');
    expect(content.html).toMatch(/\/t\/o\/[^"]+\.gif/);
    expect(content.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    const stranger = await signedIn();
    expect((await (await serveDashboard(outboxPage, getRequest("/dashboard/outbox", stranger.cookie), { id: "" })).json()).messages).toEqual([]);
    expect((await serveDashboard(messagePage, getRequest(`/dashboard/outbox/${id}`, stranger.cookie), { id })).status).toBe(404);
    expect((await serveDashboard(messagePage, getRequest(`/dashboard/outbox/nope`, user.cookie), { id: "nope" })).status).toBe(404);
  });
});
