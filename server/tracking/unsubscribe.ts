import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { normalizePhone } from "#shared/contacts/phone.ts";
import { notifyContactChanges } from "#server/contact-changes.ts";
import { lockEngagement, refreshEngagement } from "./engagement.ts";
import { findTrackedDelivery } from "./record-hit.ts";
import type { UnsubscribeTarget } from "./tokens.ts";

/** How an unsubscribe arrived: the page's button, a mail client's one-click POST (RFC 8058), an SMS STOP reply. */
export type UnsubscribeSource = "link" | "one_click" | "sms_stop" | (string & {});

const STATUS_COLUMN = { EMAIL: "emailStatus", SMS: "smsStatus", WHATSAPP: "whatsappStatus" } as const;
/** An SMS STOP counts against the campaign that last texted the number, if it was this recent. */
const ATTRIBUTION_DAYS = 30;

export type UnsubscribePage = {
  teamName: string;
  channel: CampaignType;
  /** Where the message went (or the contact's address now, when the campaign was deleted). */
  address: string | null;
  /** Whether the contact no longer receives this channel (unsubscribed, or suppressed after a bounce or complaint). */
  unsubscribed: boolean;
};

/** What the unsubscribe page shows for a token's recipient, or null when their team no longer exists. */
export async function describeUnsubscribe(db: Database, target: UnsubscribeTarget): Promise<UnsubscribePage | null> {
  const column = STATUS_COLUMN[target.channel];
  const row = await db
    .selectFrom("teams")
    .leftJoin("contacts", (join) =>
      join.on("contacts.id", "=", target.contactId).onRef("contacts.teamId", "=", "teams.id"),
    )
    .leftJoin("deliveries", (join) =>
      join.on("deliveries.id", "=", target.deliveryId).onRef("deliveries.teamId", "=", "teams.id"),
    )
    .select([
      "teams.name as teamName",
      "deliveries.address as sentTo",
      target.channel === "EMAIL" ? "contacts.email as current" : "contacts.phone as current",
      `contacts.${column} as status`,
    ])
    .where("teams.id", "=", target.teamId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    teamName: row.teamName,
    channel: target.channel,
    address: row.sentTo ?? row.current ?? null,
    // A deleted contact receives nothing more either.
    unsubscribed: row.status !== "subscribed",
  };
}

/**
 * Unsubscribes the recipient of an unsubscribe token from the token's channel and,
 * while the delivery exists, counts it against its campaign (once, however often the
 * link is used). Addresses that bounced or complained keep that status, which also
 * stops sending. Returns null when the team no longer exists.
 */
export async function unsubscribeRecipient(
  db: Database,
  options: { target: UnsubscribeTarget; source: UnsubscribeSource; userAgent?: string | null; at?: Date },
): Promise<UnsubscribePage | null> {
  const { target } = options;
  const at = options.at ?? new Date();
  const column = STATUS_COLUMN[target.channel];
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("contacts")
      .set({ [column]: "unsubscribed", updatedAt: at })
      .where("teamId", "=", target.teamId)
      .where("id", "=", target.contactId)
      .where(column, "=", "subscribed")
      .returning("id")
      .executeTakeFirst();
    // Filters on "unsubscribed" may now hold the contact (journeys starting with such a segment).
    if (changed) await notifyContactChanges(trx, { teamId: target.teamId, unsubscribed: [changed.id] });
    const event = {
      teamId: target.teamId,
      contactId: target.contactId,
      kind: "unsubscribe",
      detail: options.source,
      userAgent: options.userAgent?.slice(0, 512) ?? null,
      occurredAt: at,
    };
    const delivery = await findTrackedDelivery(trx, target.deliveryId);
    if (delivery && delivery.teamId === target.teamId) {
      const before = await lockEngagement(trx, delivery);
      if (!before.unsubscribed) {
        await trx
          .insertInto("engagementEvents")
          .values({ ...event, deliveryId: delivery.id, campaignId: delivery.campaignId })
          .execute();
        await refreshEngagement(trx, delivery, before);
      }
    } else if (changed) {
      await trx.insertInto("engagementEvents").values(event).execute();
    }
    return describeUnsubscribe(trx, target);
  });
}

/**
 * Unsubscribes every contact of a team with this address from one channel: what an
 * SMS STOP reply reported by Twilio does (`{ channel: "SMS", address: "+15550100",
 * source: "sms_stop" }`). Phone numbers are compared in E.164. The unsubscribe is
 * counted against the team's most recent campaign on that channel (in the last 30
 * days) that reached one of these contacts, else recorded on the contacts alone.
 * Idempotent: a second STOP changes nothing. Returns how many contacts it unsubscribed.
 */
export async function unsubscribeByAddress(
  db: Database,
  options: { teamId: string; channel: CampaignType; address: string; source: UnsubscribeSource; at?: Date },
): Promise<{ unsubscribed: number }> {
  const at = options.at ?? new Date();
  const column = STATUS_COLUMN[options.channel];
  return db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable("contacts")
      .set({ [column]: "unsubscribed", updatedAt: at })
      .where("teamId", "=", options.teamId)
      .where(column, "=", "subscribed");
    if (options.channel === "EMAIL") {
      query = query.where(sql`lower(email)`, "=", options.address.trim().toLowerCase());
    } else {
      const phone = asE164(options.address);
      if (!phone) return { unsubscribed: 0 };
      query = query.where("phone", "=", phone);
    }
    const changed = await query.returning("id").execute();
    if (changed.length === 0) return { unsubscribed: 0 };

    const contactIds = changed.map((row) => row.id);
    await notifyContactChanges(trx, { teamId: options.teamId, unsubscribed: contactIds });
    const delivery = await trx
      .selectFrom("campaigns")
      .innerJoin("deliveries", "deliveries.campaignId", "campaigns.id")
      .select(["deliveries.id", "deliveries.campaignId", "deliveries.contactId"])
      .where("campaigns.teamId", "=", options.teamId)
      .where("campaigns.type", "=", options.channel)
      .where("campaigns.startedAt", ">", new Date(at.getTime() - ATTRIBUTION_DAYS * 86_400_000))
      .where("deliveries.contactId", "in", contactIds)
      .where("deliveries.sentAt", "is not", null)
      .orderBy("deliveries.sentAt", "desc")
      .limit(1)
      .executeTakeFirst();
    if (delivery) {
      const before = await lockEngagement(trx, delivery);
      if (!before.unsubscribed) {
        await trx
          .insertInto("engagementEvents")
          .values({
            teamId: options.teamId,
            deliveryId: delivery.id,
            campaignId: delivery.campaignId,
            contactId: delivery.contactId,
            kind: "unsubscribe",
            detail: options.source,
            occurredAt: at,
          })
          .execute();
        await refreshEngagement(trx, delivery, before);
      }
    }
    // Each contact keeps its own record of when and how it left the channel.
    const rest = contactIds.filter((id) => id !== delivery?.contactId);
    if (rest.length > 0) {
      await trx
        .insertInto("engagementEvents")
        .values(
          rest.map((contactId) => ({
            teamId: options.teamId,
            contactId,
            kind: "unsubscribe",
            detail: options.source,
            occurredAt: at,
          })),
        )
        .execute();
    }
    return { unsubscribed: changed.length };
  });
}

/** Twilio sends E.164; WhatsApp sends the digits alone. */
function asE164(address: string): string | null {
  const trimmed = address.trim();
  const withPlus = /^\d{8,15}$/.test(trimmed) ? `+${trimmed}` : trimmed;
  return normalizePhone(withPlus);
}
