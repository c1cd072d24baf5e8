import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { ConversionGoalSchema } from "#shared/campaigns/conversion-goal.ts";
import { listGoalCampaigns, STORE_WINNERS, winnersOf } from "./conversion-claims.ts";

/** Recipients recounted per transaction: one short statement, whatever the campaign's size. */
export const RECOUNT_RECIPIENTS_PER_ROUND = 1000;

/**
 * One step of recounting a campaign's conversions from the stored events, after its
 * goal was set or changed (a trigger on `campaigns.conversion_goal` queues it, with
 * the team's campaigns whose goal names the same event): the first step deletes its
 * conversions, each step then counts the next `limit` recipients in contact id order
 * and records how far it got, and the last one removes the request. Memory is bounded
 * by `limit` whatever the campaign's size; a step killed mid-way rolls back whole and
 * runs again; a goal changed during a recount starts it over. An event the campaign
 * wins by "the last campaign received" is taken from the campaign that held it (its
 * own recount, queued with this one, finds that recipient's next event, if any).
 * Returns false when nothing waits to be recounted.
 */
export async function recountConversions(db: Database, options: { limit?: number } = {}): Promise<boolean> {
  const limit = options.limit ?? RECOUNT_RECIPIENTS_PER_ROUND;
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom("conversionRecounts")
      .innerJoin("campaigns", "campaigns.id", "conversionRecounts.campaignId")
      .select(["campaigns.id", "campaigns.teamId", "campaigns.conversionGoal", "cleared", "afterContactId"])
      .orderBy("requestedAt")
      .limit(1)
      .forUpdate("conversionRecounts")
      .skipLocked()
      .executeTakeFirst();
    if (!request) return false;
    if (!request.cleared) await trx.deleteFrom("campaignConversions").where("campaignId", "=", request.id).execute();
    const parsed = ConversionGoalSchema.safeParse(request.conversionGoal);
    const recipients = parsed.success
      ? await trx
          .selectFrom("deliveries")
          .select(["contactId", sql<Date>`coalesce(delivered_at, sent_at)`.as("receivedAt")])
          .where("campaignId", "=", request.id)
          .where("status", "=", "sent")
          .where("bouncedAt", "is", null)
          .$if(request.afterContactId !== null, (q) => q.where("contactId", ">", request.afterContactId!))
          .orderBy("contactId")
          .limit(limit)
          .execute()
      : [];
    if (parsed.success && recipients.length > 0) {
      const goal = parsed.data;
      const campaigns = await listGoalCampaigns(trx, [{ teamId: request.teamId, event: goal.event }]);
      await sql`
        with recipients as (
          select * from unnest(${recipients.map((r) => r.contactId)}::uuid[], ${recipients.map((r) => r.receivedAt)}::timestamptz[])
            as r(contact_id, received_at)
        ),
        candidates as materialized (
          select e.team_id, e.id as event_id, e.name, e.contact_id, e.occurred_at, e.properties
          from recipients r
          join events e on e.contact_id = r.contact_id and e.name = ${goal.event}
            and e.occurred_at >= r.received_at and e.occurred_at <= r.received_at + make_interval(days => ${goal.withinDays})
          where e.team_id = ${request.teamId}
        ),
        ${winnersOf(campaigns)},
        stored_winners as (select * from winners where campaign_id = ${request.id}),
        released as (
          delete from campaign_conversions x using stored_winners w
          where x.event_id = w.event_id and x.campaign_id <> w.campaign_id
        )
        ${STORE_WINNERS}`.execute(trx);
    }
    if (recipients.length < limit) {
      await trx.deleteFrom("conversionRecounts").where("campaignId", "=", request.id).execute();
    } else {
      await trx
        .updateTable("conversionRecounts")
        .set({ cleared: true, afterContactId: recipients.at(-1)!.contactId })
        .where("campaignId", "=", request.id)
        .execute();
    }
    return true;
  });
}
