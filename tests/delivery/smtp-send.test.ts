import type { ParsedMail } from "mailparser";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { createUser } from "../factories.ts";
import { addContacts, chunkWorker, draftCampaign, sendAllChunks, sendingServices, sinkSender } from "./fixtures.ts";

const services = sendingServices();

/** A header as the receiving server saw it, folded lines joined. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, " ");

describe("sending a campaign over SMTP", () => {
  test("each recipient gets one personalised, tracked message with unsubscribe headers and the postal address; refusals are recorded", async () => {
    const db = getDb();
    const { teamId } = await createUser();
    await db.updateTable("teams").set({ postalAddress: "1 Harbour Street, Leith" }).where("id", "=", teamId).execute();
    await addContacts(teamId, [
      { email: "ada@murmur.test", name: "Ada" },
      { email: "grace@murmur.test", name: "Grace" },
      { email: "unknown-person@murmur.test", name: "Nobody" },
      { email: "defer-me@murmur.test", name: "Later" },
    ]);
    const campaign = await draftCampaign(teamId, {
      subject: "Hello {{ contact.name }}",
      content: '<p>Hi {{ contact.name }}, read <a href="https://example.com/spring">our spring news</a>.</p>',
    });
    const worker = chunkWorker({
      settings: { ...chunkWorker().settings, retryBaseSeconds: 600, maxRetryDelaySeconds: 600 },
      senders: async () => sinkSender(services.sink),
    });
    await sendAllChunks(services.boss, { teamId, campaignId: campaign.id, worker });

    const byAddress = new Map(services.sink.received.map((r) => [r.to[0], r.mail]));
    expect([...byAddress.keys()].sort()).toEqual(["ada@murmur.test", "grace@murmur.test"]);
    const ada = byAddress.get("ada@murmur.test")!;
    expect(ada.subject).toBe("Hello Ada");
    expect(ada.messageId).toMatch(new RegExp(`^<${campaign.id}\\.[0-9a-f-]{36}@`));
    expect(header(ada, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(ada, "list-unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/u\/[^>]+>$/);
    const html = String(ada.html);
    expect(html).toContain("Hi Ada");
    expect(html).not.toContain('href="https://example.com/spring"');
    expect(html).toMatch(/href="[^"]*\/t\/c\/[^"]+"/);
    expect(html).toMatch(/src="[^"]*\/t\/o\/[^"]+\.gif"/);
    expect(html).toContain("1 Harbour Street, Leith");
    expect(html).toContain(">Unsubscribe</a>");
    expect(ada.text).toContain("Hi Ada");
    expect(ada.text).toMatch(/Unsubscribe: \S+\/u\//);

    const rows = await db
      .selectFrom("deliveries")
      .select(["address", "status", "error"])
      .where("campaignId", "=", campaign.id)
      .orderBy("address")
      .execute();
    const status = Object.fromEntries(rows.map((row) => [row.address, row]));
    expect(status["ada@murmur.test"]!.status).toBe("sent");
    expect(status["unknown-person@murmur.test"]).toMatchObject({
      status: "failed",
      error: expect.stringContaining("No such user"),
    });
    // A 4xx waits for its retry, with the server's reason kept.
    expect(status["defer-me@murmur.test"]).toMatchObject({
      status: "queued",
      error: expect.stringContaining("try again later"),
    });
  });
});
