import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { recordProviderStatus } from "#server/delivery/provider-status.ts";
import { insertEvents } from "#server/events/insert-events.ts";
import type { TrackedMessage } from "#server/events/messages.ts";
import { recordClick, recordOpen } from "#server/tracking/record-hit.ts";
import { unsubscribeRecipient } from "#server/tracking/unsubscribe.ts";
import { createSentCampaign } from "../tracking/fixtures.ts";
import { rollUpEvents } from "./roll-up.ts";

const HOUR = 3_600_000;
export const PERSON = {
  userAgent:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  ip: "198.51.100.7",
};
const APPLE_PROXY = { userAgent: "Mozilla/5.0", ip: "17.58.1.2" };

/**
 * Two sent campaigns over three days (an email one and an SMS one), with people's
 * opens and clicks in different hours, a machine open, a burst of clicks a scanner
 * made (reclassified as machine clicks), an unsubscribe, a bounce reported twice by
 * the provider, and product events of two names by several people, one batch sent twice.
 */
export async function seedAnalytics(teamId: string, base: Date) {
  const db = getDb();
  const at = (hours: number, ms = 0) => new Date(base.getTime() + hours * HOUR + ms);
  const email = await createSentCampaign(teamId, {
    name: "Autumn newsletter",
    sentAt: base,
    outcomes: ["sent", "sent", "sent", "sent", "sent", "sent", "sent", "bounced", "failed", "failed"],
  });
  const [a, b, c, d, e, f, g] = email.recipients;
  await recordOpen(db, { ...PERSON, deliveryId: a!.deliveryId, at: at(1) });
  await recordOpen(db, { ...PERSON, deliveryId: a!.deliveryId, at: at(30) });
  await recordOpen(db, { ...PERSON, deliveryId: b!.deliveryId, at: at(2) });
  await recordClick(db, {
    ...PERSON,
    deliveryId: b!.deliveryId,
    linkIndex: 0,
    url: "https://example.com/",
    method: "GET",
    at: at(26),
  });
  await recordClick(db, {
    ...PERSON,
    deliveryId: c!.deliveryId,
    linkIndex: 1,
    url: "https://example.com/docs",
    method: "GET",
    at: at(5),
  });
  await recordOpen(db, { ...APPLE_PROXY, deliveryId: d!.deliveryId, at: at(3) });
  // A scanner follows every link at once: the first two look like a person's until the third.
  for (const [i, ms] of [0, 400, 900].entries()) {
    await recordClick(db, {
      ...PERSON,
      deliveryId: e!.deliveryId,
      linkIndex: i,
      url: `https://example.com/${i}`,
      method: "GET",
      at: at(50, ms),
    });
  }
  await unsubscribeRecipient(db, {
    target: { deliveryId: f!.deliveryId, teamId, contactId: f!.contactId, channel: "EMAIL" },
    source: "link",
    at: at(6),
  });
  // The provider reports g bounced, and its webhook is delivered twice.
  await db
    .updateTable("deliveries")
    .set({ providerMessageId: `msg-${g!.deliveryId}` })
    .where("id", "=", g!.deliveryId)
    .execute();
  for (let i = 0; i < 2; i++) {
    await recordProviderStatus(db, {
      teamId,
      channel: "EMAIL",
      providerMessageId: `msg-${g!.deliveryId}`,
      status: "failed",
      reason: "550 5.1.1 No such user",
      at: at(7),
    });
  }

  const sms = await createSentCampaign(teamId, {
    name: "Flash sale",
    type: "SMS",
    sentAt: at(20),
    outcomes: ["delivered", "delivered", "sent", "failed"],
  });
  await recordClick(db, {
    ...PERSON,
    deliveryId: sms.recipients[0]!.deliveryId,
    linkIndex: 0,
    url: "https://example.com/sale",
    method: "GET",
    at: at(23),
  });

  const people = [...email.recipients, ...sms.recipients].map((r) => r.contactId);
  const messages: TrackedMessage[] = [];
  for (let i = 0; i < 40; i++) {
    messages.push({
      id: newId(),
      type: "track",
      name: i % 3 === 0 ? "Order Completed" : "Page Viewed",
      userId: i % 7 === 0 ? null : `user-${i % 5}`,
      anonymousId: i % 7 === 0 ? `anon-${i}` : null,
      properties: { plan: i % 2 ? "pro" : "free" },
      context: {},
      messageId: `m-${base.getTime()}-${i}`,
      // Spread over three days, some at each end of the UTC day.
      occurredAt: at((i * 37) % 72, i * 1000),
    });
  }
  const contactOf = (m: TrackedMessage) => (m.anonymousId ? null : people[Number(m.messageId.split("-").at(-1)) % 5]!);
  await insertEvents(db, { teamId, messages, receivedAt: new Date(), contactOf });
  // A client retries the same batch: nothing is stored or counted twice.
  await insertEvents(db, { teamId, messages, receivedAt: new Date(), contactOf });
  await rollUpEvents();
  return { email, sms };
}
