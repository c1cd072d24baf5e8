import type { Database } from "#db/database.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "#shared/notifications/kinds.ts";

/** The kinds that reach this person (all of them until they turn some off). */
export async function readEnabledKinds(db: Database, options: { userId: string }): Promise<NotificationKind[]> {
  const row = await db
    .selectFrom("notificationPreferences")
    .select("mutedKinds")
    .where("userId", "=", options.userId)
    .executeTakeFirst();
  const muted = new Set(row?.mutedKinds ?? []);
  return NOTIFICATION_KINDS.filter((kind) => !muted.has(kind));
}

/**
 * Saves which kinds reach the person, in every team they belong to. What is stored
 * is the kinds turned off, so a kind added later arrives until they turn it off.
 */
export async function saveEnabledKinds(
  db: Database,
  options: { userId: string; enabled: readonly NotificationKind[] },
): Promise<void> {
  const mutedKinds = NOTIFICATION_KINDS.filter((kind) => !options.enabled.includes(kind));
  await db
    .insertInto("notificationPreferences")
    .values({ userId: options.userId, mutedKinds })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ mutedKinds, updatedAt: new Date() }))
    .execute();
}
