import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { loader as click } from "#app/routes/tracking/click.tsx";
import { loader as pixel } from "#app/routes/tracking/open.ts";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { deleteCampaign } from "#server/campaigns/campaigns.ts";
import { campaignAnalytics } from "#server/tracking/analytics.ts";
import { getTrackingKey } from "#server/tracking/key.ts";
import { INSTANT_AFTER_SEND_MS } from "#server/tracking/machine-hits.ts";
import { signClickToken, signOpenToken } from "#server/tracking/tokens.ts";
import { createUser } from "../factories.ts";
import { ORIGIN } from "../requests.ts";
import { createSentCampaign } from "./fixtures.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

async function fetchPixel(token: string, init: { userAgent?: string; ip?: string; method?: string } = {}) {
  const request = new Request(`${ORIGIN}/t/o/${token}.gif`, {
    method: init.method ?? "GET",
    headers: init.userAgent === undefined ? { "User-Agent": BROWSER } : { "User-Agent": init.userAgent },
  });
  return respond(() => pixel(routeArgs(request, { params: { token: `${token}.gif` }, ip: init.ip })));
}

async function follow(token: string, init: { userAgent?: string; method?: string } = {}) {
  const request = new Request(`${ORIGIN}/t/c/${token}`, {
    method: init.method ?? "GET",
    headers: { "User-Agent": init.userAgent ?? BROWSER },
  });
  return respond(() => click(routeArgs(request, { params: { token } })));
}

async function analyticsOf(teamId: string, campaignId: string) {
  return (await campaignAnalytics(getDb(), { teamId, campaignIds: [campaignId] })).get(campaignId)!;
}

const key = () => getTrackingKey(getDb());
const clickToken = async (deliveryId: string, linkIndex = 0, url = "https://example.com/launch?a=1&b=2") =>
  signClickToken(await key(), { deliveryId, linkIndex, url });

// Tests that judge hits by how soon they come set the clock themselves; the rest run on the real one.
afterEach(() => {
  vi.useRealTimers();
});

/** Every hit after this is recorded at the moment set with vi.setSystemTime. */
const stopTheClock = () => vi.useFakeTimers({ toFake: ["Date"] });
const setClock = (moment: Date, plusMs: number) => vi.setSystemTime(moment.getTime() + plusMs);

async function oneRecipient() {
  const { teamId } = await createUser();
  const { campaignId, recipients } = await createSentCampaign(teamId, { recipients: 2 });
  return { teamId, campaignId, deliveryId: recipients[0]!.deliveryId, other: recipients[1]!.deliveryId };
}

describe("the open pixel", () => {
  test("answers a never-cached 1×1 GIF and counts a person's open once per recipient", async () => {
    const { teamId, campaignId, deliveryId } = await oneRecipient();
    const token = signOpenToken(await key(), deliveryId);
    const response = await fetchPixel(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/gif");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 6).toString()).toBe("GIF89a");
    expect([body.readUInt16LE(6), body.readUInt16LE(8)]).toEqual([1, 1]);
    await fetchPixel(token);
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ sent: 2, opened: 1, botOpened: 0 });
  });

  test("answers the same image for a forged or broken token, and counts nothing", async () => {
    const { teamId, campaignId, deliveryId } = await oneRecipient();
    for (const token of [
      signOpenToken(randomBytes(32), deliveryId),
      "garbage",
      signOpenToken(await key(), deliveryId).slice(0, -3),
    ]) {
      const response = await fetchPixel(token);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/gif");
    }
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 0, botOpened: 0 });
  });

  test("opens by Apple Mail Privacy Protection, bots and instant prefetches are counted apart, out of the open rate", async () => {
    const { teamId } = await createUser();
    const { campaignId, recipients } = await createSentCampaign(teamId, { recipients: 5 });
    const k = await key();
    await fetchPixel(signOpenToken(k, recipients[0]!.deliveryId), { userAgent: "Mozilla/5.0" });
    await fetchPixel(signOpenToken(k, recipients[1]!.deliveryId), { ip: "17.58.101.7" });
    await fetchPixel(signOpenToken(k, recipients[2]!.deliveryId), { userAgent: "Barracuda Sentinel (EE)" });
    await fetchPixel(signOpenToken(k, recipients[3]!.deliveryId), { userAgent: "" });
    // Gmail fetches images when the reader opens the message: that is a person.
    await fetchPixel(signOpenToken(k, recipients[4]!.deliveryId), {
      userAgent: "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)",
    });
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ sent: 5, opened: 1, botOpened: 4 });
    const kinds = await getDb()
      .selectFrom("engagementEvents")
      .select(["deliveryId", "kind", "detail"])
      .where("campaignId", "=", campaignId)
      .execute();
    expect(kinds.find((e) => e.deliveryId === recipients[1]!.deliveryId)).toMatchObject({
      kind: "bot_open",
      detail: "apple-mail-privacy",
    });
    expect(kinds.find((e) => e.deliveryId === recipients[4]!.deliveryId)).toMatchObject({ kind: "open", detail: null });
  });

  test("an open within two seconds of sending is a prefetch; a person opening later still counts", async () => {
    stopTheClock();
    const { teamId } = await createUser();
    const sentAt = new Date();
    const { campaignId, recipients } = await createSentCampaign(teamId, { recipients: 2, sentAt });
    const k = await key();
    const [early, onTime] = recipients.map((r) => signOpenToken(k, r.deliveryId));
    setClock(sentAt, INSTANT_AFTER_SEND_MS - 1);
    await fetchPixel(early!);
    setClock(sentAt, INSTANT_AFTER_SEND_MS);
    await fetchPixel(onTime!);
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 1, botOpened: 1 });
    // The prefetched recipient opens it later: a person's open after all.
    setClock(sentAt, 60_000);
    await fetchPixel(early!);
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 2, botOpened: 0 });
  });
});

describe("tracked links", () => {
  test("redirect to the message's own URL, and a click counts as a click and an open", async () => {
    const { teamId, campaignId, deliveryId } = await oneRecipient();
    const response = await follow(await clickToken(deliveryId));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.com/launch?a=1&b=2");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    await follow(await clickToken(deliveryId));
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ sent: 2, opened: 1, clicked: 1 });
    const events = await getDb()
      .selectFrom("engagementEvents")
      .select(["kind", "linkIndex", "url"])
      .where("deliveryId", "=", deliveryId)
      .execute();
    expect(events).toEqual([
      { kind: "click", linkIndex: 0, url: "https://example.com/launch?a=1&b=2" },
      { kind: "click", linkIndex: 0, url: "https://example.com/launch?a=1&b=2" },
    ]);
  });

  test("anything Murmur did not sign for that delivery and link is a 404, never a redirect", async () => {
    const { teamId, campaignId, deliveryId, other } = await oneRecipient();
    const real = Buffer.from(await clickToken(deliveryId), "base64url");
    const otherDelivery = Buffer.from(real);
    Buffer.from(other.replaceAll("-", ""), "hex").copy(otherDelivery, 1);
    const otherIndex = Buffer.from(real);
    otherIndex.writeUInt16BE(1, 17);
    const otherUrl = Buffer.concat([
      real.subarray(0, 19),
      Buffer.from("https://evil.example/phish"),
      real.subarray(real.length - 16),
    ]);
    const forged = [
      otherDelivery.toString("base64url"),
      otherIndex.toString("base64url"),
      otherUrl.toString("base64url"),
      signClickToken(randomBytes(32), { deliveryId, linkIndex: 0, url: "https://evil.example/" }),
      signOpenToken(await key(), deliveryId),
      "https%3A%2F%2Fevil.example",
      "x",
    ];
    for (const token of forged) {
      const response = await follow(token);
      expect(response.status, token).toBe(404);
      expect(response.headers.get("Location")).toBeNull();
    }
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 0, clicked: 0 });
  });

  test("a scanner following every link at once, or asking with HEAD, is not a person", async () => {
    const { teamId, campaignId, deliveryId, other } = await oneRecipient();
    stopTheClock();
    const start = new Date();
    expect((await follow(await clickToken(other, 0), { method: "HEAD" })).status).toBe(302);
    // Three different links, the last one just inside two seconds of the first.
    for (const [index, url] of ["https://example.com/a", "https://example.com/b", "https://example.com/c"].entries()) {
      setClock(start, (index * (INSTANT_AFTER_SEND_MS - 1)) / 2);
      expect((await follow(await clickToken(deliveryId, index, url))).status).toBe(302);
    }
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 0, clicked: 0 });
    const details = await getDb()
      .selectFrom("engagementEvents")
      .select("detail")
      .where("campaignId", "=", campaignId)
      .orderBy("id")
      .execute();
    expect(details.map((e) => e.detail)).toEqual([
      "head-request",
      "all-links-at-once",
      "all-links-at-once",
      "all-links-at-once",
    ]);
  });

  test("a person following three links, never three within two seconds, is counted as a person", async () => {
    const { teamId, campaignId, deliveryId } = await oneRecipient();
    stopTheClock();
    const start = new Date();
    // The third link comes exactly two seconds after the first: only the second is within its window.
    for (const [index, at] of [0, INSTANT_AFTER_SEND_MS / 2, INSTANT_AFTER_SEND_MS].entries()) {
      setClock(start, at);
      expect((await follow(await clickToken(deliveryId, index, `https://example.com/${index}`))).status).toBe(302);
    }
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 1, clicked: 1 });
    const kinds = await getDb()
      .selectFrom("engagementEvents")
      .select("kind")
      .where("deliveryId", "=", deliveryId)
      .orderBy("id")
      .execute();
    expect(kinds.map((e) => e.kind)).toEqual(["click", "click", "click"]);
  });

  test("a link of a deleted campaign redirects nowhere: a 410 names the destination, counting nothing", async () => {
    const { teamId, campaignId, deliveryId } = await oneRecipient();
    await deleteCampaign(getDb(), { access: await ownerAccess(teamId), campaignId });
    const response = await follow(await clickToken(deliveryId));
    expect(response.status).toBe(410);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ destination: "https://example.com/launch?a=1&b=2" });
    expect(
      await getDb().selectFrom("engagementEvents").select("id").where("deliveryId", "=", deliveryId).execute(),
    ).toEqual([]);
  });

  test("a link of an erased contact, or of a delivery never made, redirects nowhere", async () => {
    const { deliveryId } = await oneRecipient();
    const { contactId } = await getDb()
      .selectFrom("deliveries")
      .select("contactId")
      .where("id", "=", deliveryId)
      .executeTakeFirstOrThrow();
    await getDb().deleteFrom("contacts").where("id", "=", contactId).execute();
    for (const token of [await clickToken(deliveryId), await clickToken(newId(), 0, "https://example.com/x")]) {
      const response = await follow(token);
      expect(response.status).toBe(410);
      expect(response.headers.get("Location")).toBeNull();
    }
  });
});
