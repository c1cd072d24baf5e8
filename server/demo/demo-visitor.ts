import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";

/**
 * A person made by Watch Demo for a visitor who is not signed in: flagged demo, with a
 * reserved address and no usable password (the stored hash is not an argon2 hash, so
 * no password ever matches); they reach their demo only through the session opened for
 * them. Removed with their demo team by the expiry job.
 */
export async function createDemoVisitor(db: Database, options: { now?: Date } = {}): Promise<{ userId: string }> {
  const now = options.now ?? new Date();
  const userId = newId(now.getTime());
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: `visitor-${userId}@demo.example.com`,
      name: "Demo Visitor",
      passwordHash: "!no-password",
      isDemo: true,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { userId };
}
