import { sql } from "kysely";
import { getDb } from "#db/database.ts";

// Conversions and property values counted again straight from the raw rows (the
// goals on campaigns, the ledger, every event), with no rollup, no queue and none of
// the worker's SQL: what the page and API must agree with. Goal conditions here are
// `equals` on text, the only kind the tests give.

export type RawConversions = { conversions: number; revenue: number };

/** Per campaign of the team: recipients converted and the revenue of their converting events. */
export async function recomputeConversions(teamId: string): Promise<Map<string, RawConversions>> {
  const { rows } = await sql<{ campaignId: string; conversions: number; revenue: string | null }>`
    with goals as (
      select id, conversion_goal as g from campaigns where team_id = ${teamId} and conversion_goal is not null
    ),
    claims as (
      select e.id as event_id, e.contact_id, e.occurred_at, e.properties, c.id as campaign_id, c.g,
        coalesce(d.delivered_at, d.sent_at) as received
      from events e
      join goals c on e.name = c.g ->> 'event'
      join deliveries d on d.campaign_id = c.id and d.contact_id = e.contact_id
      where e.team_id = ${teamId} and d.status = 'sent' and d.bounced_at is null
        and e.occurred_at between coalesce(d.delivered_at, d.sent_at)
          and coalesce(d.delivered_at, d.sent_at) + (c.g ->> 'withinDays')::int * interval '1 day'
        and not exists (
          select from jsonb_array_elements(c.g -> 'properties') p
          where (e.properties ->> (p ->> 'property')) is distinct from (p ->> 'value')
        )
    ),
    last_received as (select distinct on (event_id) * from claims order by event_id, received desc, campaign_id desc),
    firsts as (
      select distinct on (campaign_id, contact_id) campaign_id,
        (properties ->> (g ->> 'revenueProperty'))::numeric as revenue
      from last_received order by campaign_id, contact_id, occurred_at
    )
    select campaign_id as "campaignId", count(*)::int as conversions, sum(revenue) as revenue
    from firsts group by 1`.execute(getDb());
  return new Map(
    rows.map((row) => [row.campaignId, { conversions: row.conversions, revenue: Number(row.revenue ?? 0) }]),
  );
}

/** Recipients who received each campaign's message (sent, not bounced). */
export async function recomputeReceived(teamId: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ campaignId: string; received: number }>`
    select campaign_id as "campaignId", count(*)::int as received from deliveries
    where team_id = ${teamId} and status = 'sent' and bounced_at is null group by 1`.execute(getDb());
  return new Map(rows.map((row) => [row.campaignId, row.received]));
}

/** How many events of `name` had each value of the top-level `property`, most frequent first. */
export async function recomputePropertyValues(teamId: string, name: string, property: string) {
  const { rows } = await sql<{ value: string; events: number }>`
    select properties ->> ${property} as value, count(*)::int as events from events
    where team_id = ${teamId} and name = ${name} and properties ? ${property}
    group by 1 order by 2 desc, 1`.execute(getDb());
  return rows;
}
