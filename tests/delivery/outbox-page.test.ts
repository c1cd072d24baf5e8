import { describe, expect, test } from "vitest";
import { loader as messagePage } from "#app/routes/dashboard/outbox-message.tsx";
import { loader as outboxPage } from "#app/routes/dashboard/outbox.tsx";
import { getDb } from "#db/database.ts";
import { sendChunk } from "#server/delivery/send-chunk.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { getRequest } from "../requests.ts";
import { addContacts, chunkWorker, draftCampaign } from "./fixtures.ts";
import { resolveRecipients } from "#server/delivery/recipients.ts";
import { listOutbox } from "#server/delivery/outbox.ts";
import { newIds } from "#db/ids.ts";
import { pageThrough } from "./page-through.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { planOf } from "./plan-of.ts";
import { flashedText } from "./flashed-text.ts";
import { ownerAccess } from "../team-access.ts";

type OutboxPage = {
  messages: { id: string; createdAt: string }[];
  previousCursor: string | null;
  nextCursor: string | null;
};

/** Outbox messages stored at the given times, as the outbox sender would leave them. */
async function storeMessages(teamId: string, times: string[]): Promise<string[]> {
  const ids = newIds(times.length);
  await getDb()
    .insertInto("outboxMessages")
    .values(
      times.map((time, i) => ({
        id: ids[i]!,
        teamId,
        channel: "EMAIL",
        toAddress: `reader${i}@murmur.test`,
        messageId: `<${ids[i]}@murmur.test>`,
        summary: `Message ${i}`,
        content: JSON.stringify({ channel: "EMAIL" }),
        createdAt: new Date(time),
      })),
    )
    .execute();
  return ids;
}

describe("the outbox", () => {
  test("lists what the outbox sender stored, newest first, and shows an email tracked as its recipient gets it; another team sees none of it", async () => {
    const db = getDb();
    const user = await signedIn();
    await addContacts(
      user.teamId,
      Array.from({ length: 30 }, (_, i) => ({ email: `reader${i}@murmur.test`, name: `Reader ${i}` })),
    );
    const campaign = await draftCampaign(user.teamId, {
      subject: "Hi {{ contact.name }}",
      content: '<p>See <a href="https://example.com/offer">the offer</a></p>',
    });
    await sendCampaignNow(db, { access: await ownerAccess(user.teamId), campaignId: campaign.id });
    const { chunks } = await db
      .transaction()
      .execute((trx) => resolveRecipients(trx, { id: campaign.id, teamId: user.teamId, type: "EMAIL" }));
    await db.updateTable("campaigns").set({ resolvedAt: new Date() }).where("id", "=", campaign.id).execute();
    for (const chunk of chunks) await sendChunk(chunkWorker(), { campaignId: campaign.id, chunk });

    const list = await (
      await serveDashboard(outboxPage, getRequest("/dashboard/outbox", user.cookie), { id: "" })
    ).json();
    expect(list.messages).toHaveLength(25);
    expect(list.nextCursor).toEqual(expect.any(String));
    expect(list.previousCursor).toBeNull();
    expect(list.messages[0].summary).toMatch(/^Hi Reader \d+$/);
    const second = await (
      await serveDashboard(outboxPage, getRequest(`/dashboard/outbox?after=${list.nextCursor}`, user.cookie), {
        id: "",
      })
    ).json();
    expect(second.messages).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(second.previousCursor).toEqual(expect.any(String));

    const id = list.messages[0].id;
    const page = await (
      await serveDashboard(messagePage, getRequest(`/dashboard/outbox/${id}`, user.cookie), { id })
    ).json();
    const { content } = page.message;
    expect(content.channel).toBe("EMAIL");
    expect(content.html).toMatch(/href="[^"]+\/t\/c\/[^"]+"/);
    expect(content.html).not.toContain('href="https://example.com/offer"');
    expect(content.html).toMatch(/\/t\/o\/[^"]+\.gif/);
    expect(content.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    const stranger = await signedIn();
    expect(
      (await (await serveDashboard(outboxPage, getRequest("/dashboard/outbox", stranger.cookie), { id: "" })).json())
        .messages,
    ).toEqual([]);
    expect(
      (await serveDashboard(messagePage, getRequest(`/dashboard/outbox/${id}`, stranger.cookie), { id })).status,
    ).toBe(404);
    expect(
      (await serveDashboard(messagePage, getRequest(`/dashboard/outbox/nope`, user.cookie), { id: "nope" })).status,
    ).toBe(404);
    // A cursor from this team's outbox shows a stranger nothing of it.
    expect(
      (
        await (
          await serveDashboard(outboxPage, getRequest(`/dashboard/outbox?after=${list.nextCursor}`, stranger.cookie), {
            id: "",
          })
        ).json()
      ).messages,
    ).toEqual([]);
  });

  test("Next and Previous show every message exactly once, newest first, however many share one time", async () => {
    const user = await signedIn();
    // 70 messages over three instants (25, 25 and 20 at the same time): only the id tells them apart.
    const instants = ["2026-11-20T10:00:00.123456Z", "2026-11-21T10:00:00.000001Z", "2026-11-22T10:00:00Z"];
    const ids = await storeMessages(
      user.teamId,
      Array.from({ length: 70 }, (_, i) => instants[i % 3]!),
    );
    const read = async (query: string) => {
      const response = await serveDashboard(
        outboxPage,
        getRequest(`/dashboard/outbox${query ? `?${query}` : ""}`, user.cookie),
        { id: "" },
      );
      const page = (await response.json()) as OutboxPage;
      return { ...page, rows: page.messages };
    };

    const { forward, backward } = await pageThrough(read);
    expect(forward.map((rows) => rows.length)).toEqual([25, 25, 20]);
    const seen = forward.flat();
    expect(new Set(seen.map((m) => m.id)).size).toBe(70);
    expect(seen.map((m) => m.id).sort()).toEqual([...ids].sort());
    const newestFirst = [...seen].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    expect(seen.map((m) => m.id)).toEqual(newestFirst.map((m) => m.id));
    expect(backward.map((rows) => rows.map((m) => m.id))).toEqual(forward.map((rows) => rows.map((m) => m.id)));
  });

  test("a page link with a cursor that is not one of ours starts the list over, with a message", async () => {
    const user = await signedIn();
    for (const cursor of ["bm90LWEtY3Vyc29y", Buffer.from('["yesterday","1"]').toString("base64url")]) {
      const response = await serveDashboard(outboxPage, getRequest(`/dashboard/outbox?after=${cursor}`, user.cookie), {
        id: "",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/dashboard/outbox");
      expect(flashedText(response)).toContain("That page link is no longer valid");
    }
  });

  test("each page is read through the outbox index, forwards and backwards", async () => {
    const user = await signedIn();
    await storeMessages(
      user.teamId,
      Array.from({ length: 30 }, () => "2026-11-22T10:00:00Z"),
    );
    const first = await listOutbox(getDb(), { teamId: user.teamId });
    for (const request of [{}, { after: first.nextCursor }, { before: first.nextCursor }]) {
      const plan = await planOf((db) => listOutbox(db, { teamId: user.teamId, ...request }));
      expect(plan).toContain("outbox_messages_team_created_idx");
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  test("a recipient finds their messages among the others, without case, page by page; another team's are never found", async () => {
    const user = await signedIn();
    // 60 messages, every other one to the same reader.
    const times = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 10, 20, 10, i)).toISOString());
    const ids = await storeMessages(user.teamId, times);
    await getDb()
      .updateTable("outboxMessages")
      .set({ toAddress: "Grace@Murmur.test" })
      .where(
        "id",
        "in",
        ids.filter((_, i) => i % 2 === 0),
      )
      .execute();
    const graces = ids.filter((_, i) => i % 2 === 0).reverse();

    const read = async (cookie: typeof user.cookie, query: string) =>
      (await (
        await serveDashboard(outboxPage, getRequest(`/dashboard/outbox?${query}`, cookie), { id: "" })
      ).json()) as OutboxPage & { to: string | null; messages: { id: string; toAddress: string }[] };
    const first = await read(user.cookie, "to=grace%40murmur.test");
    expect(first.to).toBe("grace@murmur.test");
    expect(first.messages.map((m) => m.id)).toEqual(graces.slice(0, 25));
    const second = await read(user.cookie, `to=grace%40murmur.test&after=${first.nextCursor}`);
    expect(second.messages.map((m) => m.id)).toEqual(graces.slice(25));
    expect(second.nextCursor).toBeNull();

    // Nobody by that address: an empty list; past any address's length: the same, unread.
    expect((await read(user.cookie, "to=nobody%40murmur.test")).messages).toEqual([]);
    const long = await read(user.cookie, `to=${"a".repeat(5000)}`);
    expect(long.messages).toEqual([]);
    expect(long.to).toHaveLength(321);

    const stranger = await signedIn();
    expect((await read(stranger.cookie, "to=grace%40murmur.test")).messages).toEqual([]);
  });
});
