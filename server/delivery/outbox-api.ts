import { z } from "zod";
import type { Database } from "#db/database.ts";
import { requireTeamCampaignId } from "#server/campaigns/team-campaign.ts";
import type { MessageContent } from "#server/channels/types.ts";
import { createdAtText, cursorOfCreatedAt, newestFirst } from "#server/created-at-keyset.ts";
import { toKeysetPage } from "#server/keyset-page.ts";
import { KeysetQueryFields } from "#server/keyset-query.ts";
import { OUTBOX_RECIPIENT_MAX_LENGTH } from "#shared/outbox/recipient-filter.ts";
import { sentTo } from "./outbox.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/outbox's query. */
export const OutboxQuerySchema = z.object({
  campaignId: z.string().regex(UUID, "campaignId must be a campaign's id").optional(),
  to: z
    .string()
    .trim()
    .min(1, "to must be an address")
    .max(OUTBOX_RECIPIENT_MAX_LENGTH, `to must be at most ${OUTBOX_RECIPIENT_MAX_LENGTH} characters`)
    .optional(),
  ...KeysetQueryFields,
});

/** One stored message as a mail catcher's API shows it; SMS and WhatsApp fill what they have. */
export type OutboxApiMessage = {
  id: string;
  campaignId: string | null;
  channel: string;
  to: string;
  messageId: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  whatsapp: { template: string; language: string; bodyParameters: string[] } | null;
  sentAt: Date;
};

function toApiMessage(row: {
  id: string;
  campaignId: string | null;
  channel: string;
  toAddress: string;
  messageId: string;
  content: unknown;
  createdAt: Date;
}): OutboxApiMessage {
  const content = row.content as MessageContent;
  const base = {
    id: row.id,
    campaignId: row.campaignId,
    channel: row.channel,
    to: row.toAddress,
    messageId: row.messageId,
    sentAt: row.createdAt,
  };
  switch (content.channel) {
    case "EMAIL":
      return {
        ...base,
        subject: content.subject,
        html: content.html,
        text: content.text,
        headers: content.headers,
        whatsapp: null,
      };
    case "SMS":
      return { ...base, subject: null, html: null, text: content.body, headers: {}, whatsapp: null };
    case "WHATSAPP":
      return {
        ...base,
        subject: null,
        html: null,
        text: null,
        headers: {},
        whatsapp: { template: content.template, language: content.language, bodyParameters: content.bodyParameters },
      };
  }
}

/**
 * The team's outbox, newest first, optionally of one campaign and/or to one address
 * (compared without case), a keyset page at a time (`after` is a page's nextCursor).
 * A campaign of another team is NOT_FOUND; a cursor not of ours is INVALID. Each
 * filter reads an index in the list's order (migration 1181).
 */
export async function listOutboxMessages(
  db: Database,
  options: { teamId: string; campaignId?: string; to?: string; after?: string; limit: number },
): Promise<{ data: OutboxApiMessage[]; nextCursor: string | null }> {
  let query = db
    .selectFrom("outboxMessages")
    .select(["id", "campaignId", "channel", "toAddress", "messageId", "content", "createdAt", createdAtText()])
    .where("teamId", "=", options.teamId)
    .limit(options.limit + 1);
  if (options.campaignId) query = query.where("campaignId", "=", options.campaignId);
  if (options.to) query = query.where(sentTo(options.to));
  // Ordered (and the cursor checked) before the campaign is looked up, so a bad cursor is INVALID first.
  query = newestFirst(query, { after: options.after });
  if (options.campaignId) await requireTeamCampaignId(db, { teamId: options.teamId, campaignId: options.campaignId });
  const page = toKeysetPage(await query.execute(), {
    limit: options.limit,
    request: { after: options.after },
    cursorOf: cursorOfCreatedAt,
  });
  return { data: page.rows.map(toApiMessage), nextCursor: page.nextCursor };
}
