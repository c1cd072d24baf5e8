import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";

export const DEMO_CHANNELS_REFUSED =
  "This is a demo team: it sends only to the built-in outbox, so channel providers cannot be configured.";

/** True when the team holds demo data (Watch Demo or `npm run seed:demo`); an unknown team is not one. */
export async function isDemoTeam(db: Database, teamId: string): Promise<boolean> {
  const row = await db.selectFrom("teams").select("isDemo").where("id", "=", teamId).executeTakeFirst();
  return row?.isDemo ?? false;
}

/**
 * Refuses (INVALID, with the reason) configuring a channel provider for a demo team:
 * its messages stay in the outbox, so demo data can never reach a real address.
 */
export async function refuseProvidersForDemoTeam(db: Database, teamId: string): Promise<void> {
  if (await isDemoTeam(db, teamId)) throw new AppError("INVALID", DEMO_CHANNELS_REFUSED);
}
