import { type RawBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { compileJsonKey } from "#server/segments/filter/compile-values.ts";
import { CAMPAIGN_NOT_FOUND } from "./campaigns.ts";
import { type ConversionGoal, ConversionGoalSchema } from "#shared/campaigns/conversion-goal.ts";

export type CampaignConversions = { count: number; rate: number; revenue: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Other campaigns weighed when two claim one event; beyond these (oldest first), the rest are not consulted. */
const MAX_RIVALS = 200;

/** When a recipient received the message: the provider's confirmation, else when it was accepted. */
const receivedAt = (d: string) => sql.raw(`coalesce(${d}.delivered_at, ${d}.sent_at)`);

/** The goal's property conditions on the event `e`, compiled as a filter segment's are. */
function goalMatches(goal: ConversionGoal): RawBuilder<unknown> {
  const conditions = goal.properties.map((p) => compileJsonKey(sql`e.properties`, p.property, p));
  return conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * What the campaign caused: how many recipients converted, the rate (of recipients
 * who received the message, × 100, one decimal, 0.0 when none did) and the revenue.
 *
 * A recipient converts when they perform the goal's event (its properties matching)
 * within `withinDays` after receiving the message (provider-confirmed delivery, else
 * acceptance; failed and bounced messages were not received), counted once, on their
 * first such event; revenue sums that event's numeric `revenueProperty`. When another
 * campaign with a goal the same event satisfies reached them later, before the event
 * and within its own window, that campaign was the last received and the event is
 * its, not this one's. Computed on read from the campaign's recipients and the goal
 * event's rows within the campaign's time span (docs/decisions/007).
 * Without a goal, everything is 0. Another team's campaign is NOT_FOUND.
 */
export async function campaignConversions(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<CampaignConversions> {
  const campaign = UUID.test(options.campaignId)
    ? await db
        .selectFrom("campaigns")
        .select(["id", "conversionGoal"])
        .where("id", "=", options.campaignId)
        .where("teamId", "=", options.teamId)
        .executeTakeFirst()
    : undefined;
  if (!campaign) throw new AppError("NOT_FOUND", CAMPAIGN_NOT_FOUND);
  const parsed = ConversionGoalSchema.safeParse(campaign.conversionGoal);
  if (!parsed.success) return { count: 0, rate: 0, revenue: 0 };
  const goal = parsed.data;
  const rivals = await rivalClaims(db, { teamId: options.teamId, campaignId: campaign.id, event: goal.event });
  const revenue = goal.revenueProperty
    ? sql`murmur_try_numeric(e.properties ->> ${goal.revenueProperty})`
    : sql`null::numeric`;
  // A join rather than a probe per recipient, bounded to the campaign's own time span,
  // so the planner may read the goal event's range of the team's events once
  // (events_team_name_occurred_idx) or probe each recipient's events
  // (events_contact_name_occurred_idx), whichever is smaller.
  const { rows } = await sql<{ received: number; converted: number; revenue: string | null }>`
    with received as materialized (
      select r.contact_id, ${receivedAt("r")} as at
      from deliveries r
      where r.campaign_id = ${campaign.id} and r.status = 'sent' and r.bounced_at is null
    ),
    span as (select min(at) as first, max(at) + make_interval(days => ${goal.withinDays}) as last from received),
    converted as (
      select distinct on (r.contact_id) r.contact_id, ${revenue} as revenue
      from received r
      join events e on e.contact_id = r.contact_id
      where e.team_id = ${options.teamId} and e.name = ${goal.event}
        and e.occurred_at between (select first from span) and (select last from span)
        and e.occurred_at >= r.at and e.occurred_at <= r.at + make_interval(days => ${goal.withinDays})
        ${goalMatches(goal)}
        ${sql.join(rivals, sql` `)}
      order by r.contact_id, e.occurred_at
    )
    select (select count(*) from received)::int as received, count(*)::int as converted, sum(revenue) as revenue
    from converted`.execute(db);
  const row = rows[0]!;
  return {
    count: row.converted,
    rate: row.received === 0 ? 0 : Math.round((row.converted / row.received) * 1000) / 10,
    revenue: row.revenue === null ? 0 : Number(row.revenue),
  };
}

/**
 * "No later campaign claims this event" for each group of the team's other campaigns
 * whose goal names the same event, grouped by identical conditions and window so the
 * test stays short however many campaigns share one goal.
 */
async function rivalClaims(
  db: Database,
  options: { teamId: string; campaignId: string; event: string },
): Promise<RawBuilder<unknown>[]> {
  const others = await db
    .selectFrom("campaigns")
    .select(["id", "conversionGoal"])
    .where("teamId", "=", options.teamId)
    .where(sql<string>`conversion_goal ->> 'event'`, "=", options.event)
    .where("conversionGoal", "is not", null)
    .where("id", "<>", options.campaignId)
    .orderBy("createdAt")
    .limit(MAX_RIVALS)
    .execute();
  const groups = new Map<string, { goal: ConversionGoal; ids: string[] }>();
  for (const other of others) {
    const parsed = ConversionGoalSchema.safeParse(other.conversionGoal);
    if (!parsed.success) continue;
    const key = JSON.stringify([parsed.data.properties, parsed.data.withinDays]);
    const group = groups.get(key) ?? { goal: parsed.data, ids: [] };
    group.ids.push(other.id);
    groups.set(key, group);
  }
  return [...groups.values()].map(
    ({ goal, ids }) => sql`and not (true ${goalMatches(goal)} and exists (
      select from deliveries d2
      where d2.campaign_id = any(${ids}::uuid[]) and d2.contact_id = r.contact_id
        and d2.status = 'sent' and d2.bounced_at is null
        and ${receivedAt("d2")} > r.at and ${receivedAt("d2")} <= e.occurred_at
        and e.occurred_at <= ${receivedAt("d2")} + make_interval(days => ${goal.withinDays})))`,
  );
}
