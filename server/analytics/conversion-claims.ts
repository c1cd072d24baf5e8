import { type RawBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import { compileJsonKey } from "#server/segments/filter/compile-values.ts";
import { type ConversionGoal, ConversionGoalSchema } from "#shared/campaigns/conversion-goal.ts";

/** A campaign and the goal it names (only campaigns whose stored goal is valid). */
export type GoalCampaign = { id: string; teamId: string; goal: ConversionGoal };

/**
 * The campaigns whose goal names one of these (team, event) pairs, read through
 * campaigns_conversion_event_idx. A stored goal that no longer passes the schema
 * counts for nothing. Called in the transaction that stores the conversions: the
 * campaigns are read with a key-share lock, so one being deleted meanwhile is either
 * waited for and left out, or deleted after the conversions and takes them with it,
 * instead of failing their insert on its foreign key.
 */
export async function listGoalCampaigns(
  db: Database,
  pairs: readonly { teamId: string; event: string }[],
): Promise<GoalCampaign[]> {
  if (pairs.length === 0) return [];
  const rows = await db
    .selectFrom("campaigns")
    .select(["id", "teamId", "conversionGoal"])
    .where("conversionGoal", "is not", null)
    .where((eb) =>
      eb.or(
        pairs.map((pair) =>
          eb.and([eb("teamId", "=", pair.teamId), eb(sql<string>`conversion_goal ->> 'event'`, "=", pair.event)]),
        ),
      ),
    )
    .forKeyShare()
    .execute();
  return rows.flatMap((row) => {
    const parsed = ConversionGoalSchema.safeParse(row.conversionGoal);
    return parsed.success ? [{ id: row.id, teamId: row.teamId, goal: parsed.data }] : [];
  });
}

/** When a recipient received the message: the provider's confirmation, else when it was accepted. */
const RECEIVED = sql`coalesce(d.delivered_at, d.sent_at)`;

/**
 * CTEs `claims` and `winners` over a CTE `candidates` (team_id, event_id, name,
 * contact_id, occurred_at, properties) the caller defines: which campaign each
 * candidate event converts for, and each (campaign, contact)'s conversion.
 *
 * The rule (issue 18): a campaign claims an event of its goal's name and properties
 * performed by a recipient who received it (sent and not bounced) at or before the
 * event, within the goal's days; of the campaigns claiming one event the last
 * received wins (ties by campaign id, so the answer never depends on the plan); a
 * (campaign, contact) converts once, on its earliest won event. Revenue is the won
 * event's numeric revenue property. Campaigns with identical goals share one branch,
 * so the statement stays short however many campaigns name the same goal.
 */
export function winnersOf(campaigns: readonly GoalCampaign[]): RawBuilder<unknown> {
  const groups = new Map<string, { teamId: string; goal: ConversionGoal; ids: string[] }>();
  for (const campaign of campaigns) {
    const key = JSON.stringify([campaign.teamId, campaign.goal]);
    const group = groups.get(key) ?? { teamId: campaign.teamId, goal: campaign.goal, ids: [] };
    group.ids.push(campaign.id);
    groups.set(key, group);
  }
  const branches = [...groups.values()];
  const ids = campaigns.map((campaign) => campaign.id);
  const claimed = branches.length
    ? sql`case ${sql.join(
        branches.map(
          ({ teamId, goal, ids }) => sql`when d.campaign_id = any(${ids}::uuid[]) then (
              e.team_id = ${teamId} and e.name = ${goal.event}
              and e.occurred_at <= ${RECEIVED} + make_interval(days => ${goal.withinDays})
              ${sql.join(
                goal.properties.map((p) => sql`and ${compileJsonKey(sql`e.properties`, p.property, p)}`),
                sql` `,
              )})`,
        ),
        sql` `,
      )} else false end`
    : sql`false`;
  const withRevenue = branches.filter((branch) => branch.goal.revenueProperty);
  const revenue = withRevenue.length
    ? sql`case ${sql.join(
        withRevenue.map(
          ({ goal, ids }) =>
            sql`when d.campaign_id = any(${ids}::uuid[]) then murmur_try_numeric(e.properties ->> ${goal.revenueProperty})`,
        ),
        sql` `,
      )} end`
    : sql`null::numeric`;
  return sql`claims as (
      select e.team_id, e.event_id, e.contact_id, e.occurred_at, d.campaign_id, ${RECEIVED} as received, ${revenue} as revenue
      from candidates e
      join deliveries d on d.campaign_id = any(${ids}::uuid[]) and d.contact_id = e.contact_id
      where d.status = 'sent' and d.bounced_at is null and ${RECEIVED} <= e.occurred_at and ${claimed}
    ),
    event_winners as (
      select distinct on (event_id) * from claims order by event_id, received desc, campaign_id desc
    ),
    winners as (
      select distinct on (campaign_id, contact_id) * from event_winners
      order by campaign_id, contact_id, occurred_at, event_id
    )`;
}

/**
 * Stores `winners` (or the subset the caller names) as conversions: a (campaign,
 * contact) already converted keeps the earlier event. Rows go in key order, so
 * concurrent writers wait rather than deadlock.
 */
export const STORE_WINNERS = sql`
  insert into campaign_conversions (campaign_id, contact_id, team_id, event_id, converted_at, revenue)
  select campaign_id, contact_id, team_id, event_id, occurred_at, revenue from stored_winners
  order by campaign_id, contact_id
  on conflict (campaign_id, contact_id) do update
    set event_id = excluded.event_id, converted_at = excluded.converted_at, revenue = excluded.revenue
    where excluded.converted_at < campaign_conversions.converted_at`;
