import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/**
 * Brings one delivery's engagement summary and its campaign's unique counts in line
 * with the delivery's events. Call inside the transaction that changed the events,
 * after `lockEngagement`: the lock makes concurrent hits on one delivery take turns,
 * so each unique count moves by exactly one when a delivery first opens or clicks
 * (and back when a later signal shows those hits were a machine's).
 */
export async function refreshEngagement(
  trx: Database,
  delivery: { id: string; campaignId: string },
  before: EngagementFlags,
): Promise<void> {
  const now = await trx
    .selectFrom("engagementEvents")
    .select([
      sql<Date | null>`min(occurred_at) filter (where kind in ('open', 'click'))`.as("openedAt"),
      sql<Date | null>`min(occurred_at) filter (where kind = 'click')`.as("clickedAt"),
      sql<Date | null>`min(occurred_at) filter (where kind = 'bot_open')`.as("botOpenedAt"),
      sql<Date | null>`min(occurred_at) filter (where kind = 'unsubscribe')`.as("unsubscribedAt"),
      sql<number>`count(*) filter (where kind = 'open')::int`.as("opens"),
      sql<number>`count(*) filter (where kind = 'click')::int`.as("clicks"),
    ])
    .where("deliveryId", "=", delivery.id)
    .executeTakeFirstOrThrow();
  await trx.updateTable("deliveryEngagement").set(now).where("deliveryId", "=", delivery.id).execute();

  const after = flagsOf(now);
  const delta = {
    opened: Number(after.opened) - Number(before.opened),
    clicked: Number(after.clicked) - Number(before.clicked),
    unsubscribed: Number(after.unsubscribed) - Number(before.unsubscribed),
    botOpened: Number(after.botOpened) - Number(before.botOpened),
  };
  if (Object.values(delta).every((value) => value === 0)) return;
  await trx
    .insertInto("campaignEngagement")
    .values({ campaignId: delivery.campaignId, ...delta })
    .onConflict((oc) =>
      oc.column("campaignId").doUpdateSet((eb) => ({
        opened: eb("campaignEngagement.opened", "+", eb.ref("excluded.opened")),
        clicked: eb("campaignEngagement.clicked", "+", eb.ref("excluded.clicked")),
        unsubscribed: eb("campaignEngagement.unsubscribed", "+", eb.ref("excluded.unsubscribed")),
        botOpened: eb("campaignEngagement.botOpened", "+", eb.ref("excluded.botOpened")),
      })),
    )
    .execute();
}

export type EngagementFlags = { opened: boolean; clicked: boolean; unsubscribed: boolean; botOpened: boolean };

type EngagementTimes = {
  openedAt: Date | null;
  clickedAt: Date | null;
  botOpenedAt: Date | null;
  unsubscribedAt: Date | null;
};

/** What the campaign counts of one delivery: a person opened, clicked, unsubscribed; or only machines opened. */
function flagsOf(row: EngagementTimes): EngagementFlags {
  return {
    opened: row.openedAt !== null,
    clicked: row.clickedAt !== null,
    unsubscribed: row.unsubscribedAt !== null,
    botOpened: row.botOpenedAt !== null && row.openedAt === null,
  };
}

/** The delivery's engagement row, created if needed and locked for the transaction, as flags. */
export async function lockEngagement(
  trx: Database,
  delivery: { id: string; campaignId: string },
): Promise<EngagementFlags> {
  await trx
    .insertInto("deliveryEngagement")
    .values({ deliveryId: delivery.id, campaignId: delivery.campaignId })
    .onConflict((oc) => oc.column("deliveryId").doNothing())
    .execute();
  const row = await trx
    .selectFrom("deliveryEngagement")
    .select(["openedAt", "clickedAt", "botOpenedAt", "unsubscribedAt"])
    .where("deliveryId", "=", delivery.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return flagsOf(row);
}
