import type { Database } from "#db/database.ts";
import { getContactDetail } from "#server/contacts/detail.ts";
import { contactTimeline } from "#server/events/timeline.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

const EVENTS_PAGE = 500;
/** Messages and engagement are one row per campaign sent to the person; past this the export says it stopped. */
export const MAX_EXPORTED_MESSAGES = 10_000;

/**
 * A contact's data as the person may ask for it, as a JSON document streamed to
 * the client: `{ data: { contact: { fields, attributes }, messages, engagement,
 * events, notes } }`. The contact, messages and engagement are read first (the
 * last two capped at MAX_EXPORTED_MESSAGES, with a note when cut); the events are
 * read a keyset page at a time as the client takes the stream, so a contact with
 * millions of events costs one page of memory. Needs "contacts.write", like erasing
 * (Viewers read the page, but do not hand out records). An unknown or another team's contact is NOT_FOUND before anything is sent.
 */
export async function streamContactExport(
  db: Database,
  options: { access: TeamAccess; contactId: string },
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const { access, contactId } = options;
  // Handing a person their whole record is an act on their data, done by those who manage contacts.
  authorize(access, "contacts.write");
  const teamId = access.teamId;
  const contact = await getContactDetail(db, { teamId, contactId });
  const messages = await readMessages(db, teamId, contact.id);
  const head = {
    contact: {
      fields: {
        id: contact.id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        externalId: contact.externalId,
        anonymousIds: contact.anonymousIds,
        createdAt: contact.createdAt,
        updatedAt: contact.updatedAt,
        subscriptions: contact.subscriptions,
      },
      attributes: contact.attributes,
    },
    messages: messages.slice(0, MAX_EXPORTED_MESSAGES).map((m) => ({
      campaignId: m.campaignId,
      campaign: m.campaign,
      channel: m.channel,
      address: m.address,
      status: m.status,
      queuedAt: m.queuedAt,
      sentAt: m.sentAt,
      deliveredAt: m.deliveredAt,
      readAt: m.readAt,
      bouncedAt: m.bouncedAt,
      failedAt: m.failedAt,
    })),
    engagement: messages.slice(0, MAX_EXPORTED_MESSAGES).map((m) => ({
      campaignId: m.campaignId,
      opens: m.opens ?? 0,
      clicks: m.clicks ?? 0,
      openedAt: m.openedAt,
      clickedAt: m.clickedAt,
      unsubscribedAt: m.unsubscribedAt,
    })),
    notes:
      messages.length > MAX_EXPORTED_MESSAGES
        ? [`Only the newest ${MAX_EXPORTED_MESSAGES.toLocaleString("en-US")} messages are listed.`]
        : [],
  };
  const opening = JSON.stringify({ data: head }).slice(0, -2) + ',"events":[';
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) controller.enqueue(encoder.encode(opening));
      const page = await contactTimeline(db, { teamId, contactId: contact.id, after: cursor, limit: EVENTS_PAGE });
      const events = page.events.map((e) => JSON.stringify(e)).join(",");
      if (events) controller.enqueue(encoder.encode((first ? "" : ",") + events));
      first = first && !events;
      cursor = page.nextCursor;
      if (cursor === null) {
        controller.enqueue(encoder.encode("]}}"));
        controller.close();
      }
    },
  });
  return { fileName: `contact-${contact.id}.json`, body };
}

/** The person's deliveries with their engagement, newest first, one more than the cap to know it was cut. */
function readMessages(db: Database, teamId: string, contactId: string) {
  return db
    .selectFrom("deliveries")
    .innerJoin("campaigns", "campaigns.id", "deliveries.campaignId")
    .leftJoin("deliveryEngagement", "deliveryEngagement.deliveryId", "deliveries.id")
    .select([
      "deliveries.campaignId",
      "campaigns.name as campaign",
      "deliveries.channel",
      "deliveries.address",
      "deliveries.status",
      "deliveries.queuedAt",
      "deliveries.sentAt",
      "deliveries.deliveredAt",
      "deliveries.readAt",
      "deliveries.bouncedAt",
      "deliveries.failedAt",
      "deliveryEngagement.opens",
      "deliveryEngagement.clicks",
      "deliveryEngagement.openedAt",
      "deliveryEngagement.clickedAt",
      "deliveryEngagement.unsubscribedAt",
    ])
    .where("deliveries.teamId", "=", teamId)
    .where("deliveries.contactId", "=", contactId)
    .orderBy("deliveries.queuedAt", "desc")
    .limit(MAX_EXPORTED_MESSAGES + 1)
    .execute();
}
