import type { Database } from "#db/database.ts";
import { countUnread, type NotificationItem, type Recipient, listNotifications } from "./inbox.ts";

/** How many notifications the bell's panel lists; "See all" has the rest. */
export const BELL_LATEST = 10;

/** What the bell shows on every page load: the unread count and the latest notifications. */
export async function readBell(
  db: Database,
  recipient: Recipient,
): Promise<{ unread: number; latest: NotificationItem[] }> {
  const [unread, latest] = await Promise.all([
    countUnread(db, recipient),
    listNotifications(db, { ...recipient, limit: BELL_LATEST }),
  ]);
  return { unread, latest: latest.rows };
}
