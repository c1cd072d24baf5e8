import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { notifyContactChanges } from "#server/contact-changes.ts";
import { lockEngagement, refreshEngagement } from "./engagement.ts";
import { INSTANT_AFTER_SEND_MS, machineClickReason, machineOpenReason } from "./machine-hits.ts";

export type TrackedDelivery = {
  id: string;
  teamId: string;
  campaignId: string;
  contactId: string;
  channel: string;
  address: string;
  sentAt: Date | null;
};

/**
 * The delivery a valid token names, or null when it no longer exists: its campaign
 * was deleted (the ledger goes with it) or its contact was erased (the ledger row
 * outlives the contact, but nothing about that person may be recorded any more).
 */
export async function findTrackedDelivery(db: Database, deliveryId: string): Promise<TrackedDelivery | null> {
  const row = await db
    .selectFrom("deliveries")
    .innerJoin("contacts", (join) =>
      join.onRef("contacts.id", "=", "deliveries.contactId").onRef("contacts.teamId", "=", "deliveries.teamId"),
    )
    .select([
      "deliveries.id",
      "deliveries.teamId",
      "deliveries.campaignId",
      "deliveries.contactId",
      "deliveries.channel",
      "deliveries.address",
      "deliveries.sentAt",
    ])
    .where("deliveries.id", "=", deliveryId)
    .executeTakeFirst();
  return row ?? null;
}

type Client = { userAgent: string | null; ip: string | null; at?: Date };

/**
 * Records the open pixel being fetched: a person's open, or a machine's (bot_open)
 * with the reason. Returns false when the delivery does not exist.
 */
export async function recordOpen(db: Database, options: Client & { deliveryId: string }): Promise<boolean> {
  const at = options.at ?? new Date();
  return db.transaction().execute(async (trx) => {
    const delivery = await findTrackedDelivery(trx, options.deliveryId);
    if (!delivery) return false;
    const before = await lockEngagement(trx, delivery);
    const reason = machineOpenReason({ ...options, at, sentAt: delivery.sentAt });
    await trx
      .insertInto("engagementEvents")
      .values({
        teamId: delivery.teamId,
        deliveryId: delivery.id,
        campaignId: delivery.campaignId,
        contactId: delivery.contactId,
        kind: reason ? "bot_open" : "open",
        detail: reason,
        userAgent: truncate(options.userAgent),
        occurredAt: at,
      })
      .execute();
    await refreshEngagement(trx, delivery, before);
    // A person's open can bring them into a segment on engagement, and so into its journeys.
    if (!reason) await notifyContactChanges(trx, { teamId: delivery.teamId, engaged: [delivery.contactId] });
    return true;
  });
}

/**
 * Records a followed link: a person's click (which is also an open), or a machine's
 * (bot_click). When this makes PREFETCH_LINK_COUNT different links of the message
 * followed within moments, the earlier ones of that burst are put down to the
 * machine too, and the counts they raised are taken back. Returns false when the
 * delivery does not exist (see findTrackedDelivery): then the link must not redirect.
 */
export async function recordClick(
  db: Database,
  options: Client & { deliveryId: string; linkIndex: number; url: string; method: string },
): Promise<boolean> {
  const at = options.at ?? new Date();
  const burstFrom = new Date(at.getTime() - INSTANT_AFTER_SEND_MS);
  return db.transaction().execute(async (trx) => {
    const delivery = await findTrackedDelivery(trx, options.deliveryId);
    if (!delivery) return false;
    const before = await lockEngagement(trx, delivery);
    const recent = await trx
      .selectFrom("engagementEvents")
      .select(sql<number>`count(distinct link_index)::int`.as("links"))
      .where("deliveryId", "=", delivery.id)
      .where("kind", "in", ["click", "bot_click"])
      .where("occurredAt", ">", burstFrom)
      .where("linkIndex", "<>", options.linkIndex)
      .executeTakeFirstOrThrow();
    const reason = machineClickReason({
      ...options,
      at,
      sentAt: delivery.sentAt,
      otherLinksJustFollowed: recent.links,
    });
    await trx
      .insertInto("engagementEvents")
      .values({
        teamId: delivery.teamId,
        deliveryId: delivery.id,
        campaignId: delivery.campaignId,
        contactId: delivery.contactId,
        kind: reason ? "bot_click" : "click",
        detail: reason,
        linkIndex: options.linkIndex,
        url: options.url,
        userAgent: truncate(options.userAgent),
        occurredAt: at,
      })
      .execute();
    if (reason === "all-links-at-once") {
      await trx
        .updateTable("engagementEvents")
        .set({ kind: "bot_click", detail: reason })
        .where("deliveryId", "=", delivery.id)
        .where("kind", "=", "click")
        .where("occurredAt", ">", burstFrom)
        .execute();
    }
    await refreshEngagement(trx, delivery, before);
    if (!reason) await notifyContactChanges(trx, { teamId: delivery.teamId, engaged: [delivery.contactId] });
    return true;
  });
}

/** User agents are kept for judging machines later, not whole novels of them. */
function truncate(value: string | null): string | null {
  return value ? value.slice(0, 512) : null;
}
