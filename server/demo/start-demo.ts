import type { Database } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { countHits, type RateRule } from "#server/rate-limits/counters.ts";
import { refuseExceeded } from "#server/rate-limits/refusal.ts";
import { createDemoVisitor } from "./demo-visitor.ts";
import { seedDemoTeam } from "./seed-demo-team.ts";
import { addressKey } from "#server/rate-limits/address-key.ts";

/** Demos started per IP an hour: each seeds thousands of rows, so one address cannot fill the database. */
export const DEMO_STARTS_PER_IP: RateRule = { name: "demo-ip", limit: 5, windowSeconds: 60 * 60 };

export type DemoClient = { ip?: string | null; userAgent?: string | null };

/**
 * Watch Demo: a fresh demo team, and the person in it. A signed-in person gets the team
 * beside their own and their session is switched to it; a visitor gets a demo person
 * and a new session. Counted per IP before anything is written, RATE_LIMITED past
 * DEMO_STARTS_PER_IP. Answers the team and, for a visitor, the session to set.
 */
export async function startDemo(
  db: Database,
  options: {
    session: { sessionId: string; userId: string } | null;
    client: DemoClient;
    now?: Date;
    size?: number;
  },
): Promise<{ teamId: string; session: { token: string; expiresAt: Date } | null }> {
  const counted = await countHits(db, [{ rule: DEMO_STARTS_PER_IP, key: addressKey(options.client.ip) }], options);
  refuseExceeded(counted, (wait) => `Too many demos started from this address. Please wait ${wait} and try again.`);
  const userId = options.session?.userId ?? (await createDemoVisitor(db, options)).userId;
  const { teamId } = await seedDemoTeam(db, { ownerId: userId, size: options.size, now: options.now });
  if (options.session) {
    await db.updateTable("sessions").set({ teamId }).where("id", "=", options.session.sessionId).execute();
    return { teamId, session: null };
  }
  return { teamId, session: await createSession(db, { userId, teamId, ...options.client }) };
}
