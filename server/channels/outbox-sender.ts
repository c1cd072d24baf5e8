import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import type { ChannelSender, MessageContent, OutgoingMessage, SendOutcome } from "./types.ts";

/** What the outbox list shows for a message: the subject, the start of the text, or the template. */
export function summarize(content: MessageContent): string {
  switch (content.channel) {
    case "EMAIL":
      return content.subject || "(no subject)";
    case "SMS":
      return content.body.length > 120 ? `${content.body.slice(0, 119)}…` : content.body;
    case "WHATSAPP":
      return `Template ${content.template} (${content.language})`;
  }
}

/**
 * The most messages one insert stores: ten parameters a row, far below PostgreSQL's
 * 65,535, and a statement of a few megabytes at most for large emails.
 */
export const OUTBOX_INSERT_ROWS = 500;

type Waiting = { row: OutboxRow; answer: (outcome: SendOutcome) => void };
type OutboxRow = {
  id: string;
  teamId: string;
  campaignId: string;
  deliveryId: string;
  contactId: string;
  channel: CampaignType;
  toAddress: string;
  messageId: string;
  summary: string;
  content: string;
};

function outboxRow(message: OutgoingMessage): OutboxRow {
  return {
    id: newId(),
    teamId: message.teamId,
    campaignId: message.campaignId,
    deliveryId: message.deliveryId,
    contactId: message.contactId,
    channel: message.content.channel,
    toAddress: message.to,
    messageId: message.messageId,
    summary: summarize(message.content),
    content: JSON.stringify(message.content),
  };
}

function unavailable(error: unknown): SendOutcome {
  // The outbox is our own database: when it cannot store, try again later.
  return { status: "failed", permanent: false, reason: `Outbox unavailable: ${(error as Error).message}` };
}

/**
 * The built-in channel of a team with no provider configured: every message is
 * stored and shown at /dashboard/outbox as the recipient would see it, so a new
 * install can send a campaign end to end. Its message id is the outbox row's id.
 *
 * The send pipeline hands a whole group of messages over in one go (its
 * inFlightLimit is unbounded), so the messages given in the same turn of the event
 * loop are stored by one insert: one statement and one commit for the group where
 * each message cost its own. Each message is answered only once its row is
 * committed, as before. When the group's insert fails, each message is tried alone,
 * so a row the database refuses (its campaign deleted meanwhile) fails only itself.
 */
export function createOutboxSender(db: Database, channel: CampaignType): ChannelSender {
  let waiting: Waiting[] = [];

  const storeAlone = async ({ row, answer }: Waiting) => {
    try {
      await db.insertInto("outboxMessages").values(row).execute();
      answer({ status: "sent", providerMessageId: row.id });
    } catch (error) {
      answer(unavailable(error));
    }
  };

  const store = async (group: Waiting[]) => {
    if (group.length === 1) return storeAlone(group[0]!);
    try {
      await db
        .insertInto("outboxMessages")
        .values(group.map((message) => message.row))
        .execute();
    } catch {
      await Promise.all(group.map(storeAlone));
      return;
    }
    for (const { row, answer } of group) answer({ status: "sent", providerMessageId: row.id });
  };

  const flush = () => {
    const taken = waiting;
    waiting = [];
    for (let start = 0; start < taken.length; start += OUTBOX_INSERT_ROWS)
      void store(taken.slice(start, start + OUTBOX_INSERT_ROWS));
  };

  return {
    channel,
    // An insert into our own database: the whole window at once.
    inFlightLimit: Number.POSITIVE_INFINITY,
    send(message: OutgoingMessage): Promise<SendOutcome> {
      return new Promise((answer) => {
        // The first message of a turn schedules the insert; the others of that turn join it.
        if (waiting.length === 0) queueMicrotask(flush);
        waiting.push({ row: outboxRow(message), answer });
      });
    },
    async close() {},
  };
}
