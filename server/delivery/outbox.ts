import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { MessageContent } from "#server/channels/types.ts";
import { AppError } from "#server/errors.ts";
import { decodeCursor, encodeCursor } from "#server/keyset-cursor.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";

/** Messages per page of the outbox list. */
export const OUTBOX_PAGE_SIZE = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type OutboxEntry = {
  id: string;
  campaignId: string | null;
  channel: string;
  toAddress: string;
  summary: string;
  createdAt: Date;
};

/**
 * One page of what the team's outbox holds, newest first (created_at desc, id desc,
 * the order of outbox_messages_team_created_idx), by keyset: `after` is the page's
 * nextCursor, `before` its previousCursor. A cursor that is not one of ours is INVALID.
 */
export async function listOutbox(
  db: Database,
  options: { teamId: string } & PageRequest,
): Promise<KeysetPage<OutboxEntry>> {
  const after = options.after ? decodeCursor(options.after) : null;
  const before = !after && options.before ? decodeCursor(options.before) : null;
  const direction = before ? "asc" : "desc";
  let query = db
    .selectFrom("outboxMessages")
    .select([
      "id",
      "campaignId",
      "channel",
      "toAddress",
      "summary",
      "createdAt",
      sql<string>`created_at::text`.as("createdAtText"),
    ])
    .where("teamId", "=", options.teamId)
    .orderBy("createdAt", direction)
    .orderBy("id", direction)
    .limit(OUTBOX_PAGE_SIZE + 1);
  if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  if (before)
    query = query.where(sql<boolean>`(created_at, id) > (${before.createdAt}::timestamptz, ${before.id}::uuid)`);
  const page = toKeysetPage(await query.execute(), {
    limit: OUTBOX_PAGE_SIZE,
    request: options,
    cursorOf: (row) => encodeCursor({ createdAt: row.createdAtText, id: row.id }),
  });
  return { ...page, rows: page.rows.map(({ createdAtText: _, ...entry }) => entry) };
}

/** One stored message as it was handed to the outbox; another team's, or an unknown id, is NOT_FOUND. */
export async function getOutboxMessage(db: Database, options: { teamId: string; messageId: string }) {
  const row = UUID.test(options.messageId)
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
