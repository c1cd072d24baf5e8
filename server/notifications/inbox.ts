import type { Database } from "#db/database.ts";
import { createdAtText, cursorOfCreatedAt, newestFirst } from "#server/created-at-keyset.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";
import { UNREAD_CAP } from "./live-unread.ts";

/** A person in their current team: every notification function is scoped to both. */
export type Recipient = { userId: string; teamId: string };

export type NotificationItem = {
  id: string;
  kind: string;
  title: string;
  body: string;
  linkPath: string;
  createdAt: Date;
  read: boolean;
};

/**
 * How many of the person's notifications in this team are unread (the bell's badge),
 * counted up to UNREAD_CAP: past it the badge reads "99+", and the count stays cheap.
 */
export async function countUnread(db: Database, recipient: Recipient): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("notifications")
        .select("id")
        .where("userId", "=", recipient.userId)
        .where("teamId", "=", recipient.teamId)
        .where("readAt", "is", null)
        .limit(UNREAD_CAP)
        .as("unread"),
    )
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The person's notifications in this team, newest first, by keyset. */
export async function listNotifications(
  db: Database,
  options: Recipient & PageRequest & { limit: number },
): Promise<KeysetPage<NotificationItem>> {
  const read = await newestFirst(
    db
      .selectFrom("notifications")
      .select(["id", "kind", "title", "body", "linkPath", "createdAt", "readAt", createdAtText()])
      .where("userId", "=", options.userId)
      .where("teamId", "=", options.teamId)
      .limit(options.limit + 1),
    options,
  ).execute();
  const page = toKeysetPage(read, { limit: options.limit, request: options, cursorOf: cursorOfCreatedAt });
  return {
    ...page,
    rows: page.rows.map(({ readAt, createdAtText: _, ...row }) => ({ ...row, read: readAt !== null })),
  };
}

/**
 * Marks one notification read. Anyone else's, or one of another team, is NOT_FOUND,
 * as is an id that is not one; reading it again changes nothing.
 */
export async function markRead(db: Database, options: Recipient & { notificationId: string }): Promise<void> {
  const found = isWellFormedId(options.notificationId)
    ? await db
        .updateTable("notifications")
        .set((eb) => ({ readAt: eb.fn.coalesce("readAt", eb.fn<Date>("now")) }))
        .where("id", "=", options.notificationId)
        .where("userId", "=", options.userId)
        .where("teamId", "=", options.teamId)
        .returning("id")
        .executeTakeFirst()
    : undefined;
  requireFound(found, "Notification not found.");
}

/** Marks every unread notification of the person in this team read; returns how many were. */
export async function markAllRead(db: Database, recipient: Recipient): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set((eb) => ({ readAt: eb.fn("now") }))
    .where("userId", "=", recipient.userId)
    .where("teamId", "=", recipient.teamId)
    .where("readAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
