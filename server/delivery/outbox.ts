import type { Database } from "../../db/database.ts";
import type { MessageContent } from "../channels/types.ts";
import { AppError } from "../errors.ts";

/** Messages per page of the outbox list. */
export const OUTBOX_PAGE_SIZE = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type OutboxEntry = { id: string; campaignId: string | null; channel: string; toAddress: string; summary: string; createdAt: Date };

/** One page of what the team's outbox holds, newest first. */
export async function listOutbox(db: Database, options: { teamId: string; page: number }): Promise<{ messages: OutboxEntry[]; hasNext: boolean }> {
  const rows = await db
    .selectFrom("outboxMessages")
    .select(["id", "campaignId", "channel", "toAddress", "summary", "createdAt"])
    .where("teamId", "=", options.teamId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(OUTBOX_PAGE_SIZE + 1)
    .offset((options.page - 1) * OUTBOX_PAGE_SIZE)
    .execute();
  return { messages: rows.slice(0, OUTBOX_PAGE_SIZE), hasNext: rows.length > OUTBOX_PAGE_SIZE };
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
