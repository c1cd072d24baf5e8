import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { recountSegment } from "#server/segments/recount-segment.ts";
import { DEMO_TEAM_NAME } from "./demo-product.ts";
import { seedCampaigns } from "./seed-campaigns.ts";
import { seedContacts } from "./seed-contacts.ts";
import { queueSeededEvents, seedProductEvents } from "./seed-events.ts";
import { seedOutbox } from "./seed-outbox.ts";
import { seedSegments } from "./seed-segments.ts";

/** Contacts in a demo unless asked otherwise: enough for every page to look lived in, seeded in a few seconds. */
export const DEFAULT_DEMO_SIZE = 2000;
/** The most contacts a demo may have: the seed's time and memory grow with it. */
export const MAX_DEMO_SIZE = 50_000;

export type DemoSeedOptions = {
  /** The person who owns the demo team (team_members, role owner); none for a team seeded alone. */
  ownerId?: string;
  name?: string;
  /** The moment the demo's history ends: events and campaigns lie in the 90 days (contacts 180) before it. */
  now?: Date;
  size?: number;
  /** The same seed and size give the same people, events and outcomes. */
  seed?: number;
};

/**
 * Creates a team flagged as demo (so it is labelled as such, its channels stay on the
 * outbox, and it can be deleted in one click) and fills it with a fictional product's
 * data: contacts on reserved addresses only, 90 days of product events, filter, AI and
 * static segments, and sent campaigns with their ledger, opens, clicks, unsubscribes and
 * conversions, and the outbox copies of the recent messages. Everything is written by set-based statements in one transaction, so
 * memory stays bounded whatever the size and a failed seed leaves nothing behind.
 * Events are queued for the analytics worker as ingested batches are; segment counts
 * are taken once the data is committed. Returns the new team's id.
 */
export async function seedDemoTeam(db: Database, options: DemoSeedOptions = {}): Promise<{ teamId: string }> {
  const now = options.now ?? new Date();
  const size = Math.max(1, Math.min(MAX_DEMO_SIZE, Math.trunc(options.size ?? DEFAULT_DEMO_SIZE)));
  const seed = Math.trunc(options.seed ?? 1);
  const teamId = newId(now.getTime());
  const segments = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("teams")
      .values({ id: teamId, name: options.name ?? DEMO_TEAM_NAME, isDemo: true, createdAt: now })
      .execute();
    if (options.ownerId)
      await trx.insertInto("teamMembers").values({ teamId, userId: options.ownerId, role: "owner" }).execute();
    const seedOptions = { teamId, seed, size, now };
    await seedContacts(trx, seedOptions);
    await seedProductEvents(trx, seedOptions);
    const segments = await seedSegments(trx, seedOptions);
    await seedCampaigns(trx, { ...seedOptions, segments });
    await seedOutbox(trx, { teamId, now });
    await queueSeededEvents(trx, { teamId });
    return segments;
  });
  for (const segmentId of Object.values(segments)) await recountSegment(db, { segmentId, teamId, now: () => now });
  return { teamId };
}
