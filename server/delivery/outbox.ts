import { type SqlBool, sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { MessageContent } from "#server/channels/types.ts";
import { AppError } from "#server/errors.ts";
import { createdAtText, cursorOfCreatedAt, newestFirst } from "#server/created-at-keyset.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";
import { isId } from "#db/ids.ts";

/** Messages per page of the outbox list. */
export const OUTBOX_PAGE_SIZE = 25;

export type OutboxEntry = {
  id: string;
  campaignId: string | null;
  channel: string;
  toAddress: string;
  summary: string;
  createdAt: Date;
};

/** The outbox's messages to one address or number, compared without case (outbox_messages_to_created_idx). */
export function sentTo(to: string) {
  return sql<SqlBool>`lower(to_address) = ${to.toLowerCase()}`;
}

/**
 * One page of what the team's outbox holds, newest first (created_at desc, id desc,
 * the order of outbox_messages_team_created_idx), by keyset: `after` is the page's
 * nextCursor, `before` its previousCursor. A cursor that is not one of ours is INVALID.
 * With `to`, only the messages to that address or number (sentTo), in the same order.
 */
export async function listOutbox(
  db: Database,
  options: { teamId: string; to?: string | null } & PageRequest,
): Promise<KeysetPage<OutboxEntry>> {
  let query = db
    .selectFrom("outboxMessages")
    .select(["id", "campaignId", "channel", "toAddress", "summary", "createdAt", createdAtText()])
    .where("teamId", "=", options.teamId)
    .limit(OUTBOX_PAGE_SIZE + 1);
  if (options.to) query = query.where(sentTo(options.to));
  const page = toKeysetPage(await newestFirst(query, options).execute(), {
    limit: OUTBOX_PAGE_SIZE,
    request: options,
    cursorOf: cursorOfCreatedAt,
  });
  return { ...page, rows: page.rows.map(({ createdAtText: _, ...entry }) => entry) };
}

/** One stored message as it was handed to the outbox; another team's, or an unknown id, is NOT_FOUND. */
export async function getOutboxMessage(db: Database, options: { teamId: string; messageId: string }) {
  const row = isId(options.messageId)
    ? await db
        .selectFrom("outboxMessages")
        .select(["id", "campaignId", "channel", "toAddress", "messageId", "summary", "content", "createdAt"])
        .where("teamId", "=", options.teamId)
        .where("id", "=", options.messageId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError("NOT_FOUND", "Message not found.");
  return { ...row, content: row.content as unknown as MessageContent };
}
