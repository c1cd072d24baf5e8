// What bench/conversions starts from: one campaign with a conversion goal, sent to
// `recipients` contacts three weeks ago, a rival campaign with the same goal sent to
// a tenth of them a day later, and product events over 90 days: `eventsPerContact`
// of five names per recipient, the goal's event among them, written by SQL straight
// into `events` (as the migration's backfill would find them).
import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createBenchTeam, seedContacts } from "./send-fixtures.ts";

export const GOAL = { event: "Order Completed", properties: [], withinDays: 5, revenueProperty: "total" };

export async function seedConversionsDataset(
  db: Database,
  options: { recipients: number; eventsPerContact: number },
): Promise<{ teamId: string; campaignId: string; rivalId: string }> {
  const teamId = await createBenchTeam(db);
  await seedContacts(db, { teamId, count: options.recipients });
  const sentAt = new Date(Date.now() - 21 * 86_400_000);
  const campaign = async (name: string, at: Date, share: number) => {
    const id = newId();
    await db
      .insertInto("campaigns")
      .values({ id, teamId, name, type: "EMAIL", state: "SENT", sentAt: at, startedAt: at })
      .execute();
    await sql`
      insert into deliveries (team_id, campaign_id, contact_id, channel, address, status, sent_at)
      select ${teamId}, ${id}, id, 'EMAIL', email, 'sent', ${at}::timestamptz + (random() * interval '1 hour')
      from contacts where team_id = ${teamId} and random() < ${share}`.execute(db);
    return id;
  };
  const campaignId = await campaign("Spring sale", sentAt, 1);
  const rivalId = await campaign("Reminder", new Date(sentAt.getTime() + 86_400_000), 0.1);
  await sql`
    insert into events (id, team_id, contact_id, type, name, user_id, properties, message_id, occurred_at)
    select murmur_uuid_v7(), ${teamId}, c.id, 'track',
      (array['Order Completed', 'Page Viewed', 'Signed In', 'Cart Viewed', 'Item Added'])[1 + (g % 5)],
      'user-' || c.id, jsonb_build_object('total', (random() * 100)::int, 'plan', (array['free', 'pro'])[1 + (g % 2)]),
      c.id || '-' || g, now() - random() * interval '90 days'
    from contacts c cross join generate_series(1, ${options.eventsPerContact}) g
    where c.team_id = ${teamId}`.execute(db);
  await sql`analyze`.execute(db);
  return { teamId, campaignId, rivalId };
}

/** Sets the goal on both campaigns, as an editor or the API would: the trigger queues their recounts. */
export async function setGoals(db: Database, campaignIds: string[]): Promise<void> {
  await db
    .updateTable("campaigns")
    .set({ conversionGoal: JSON.stringify(GOAL) })
    .where("id", "in", campaignIds)
    .execute();
}
