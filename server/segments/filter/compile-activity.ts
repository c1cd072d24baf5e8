import { type RawBuilder, sql } from "kysely";
import { type Condition, compileJsonKey, compileWindow, type Moment, momentOf, TRUE } from "./compile-values.ts";
import type { EngagementCondition, EventCondition, SubscriptionCondition } from "#shared/segments/filter/schema.ts";

/*
 * What contacts did: events, deliveries, opens and clicks. Each is a set of
 * contact ids in a subquery that binds team_id itself, tested with EXISTS
 * against the outer contact `c`. At the top of a filter PostgreSQL turns these
 * into (anti) semi-joins over the whole set, and elsewhere into hashed subplans,
 * so a count over a million contacts reads each activity table once.
 */

/** Contacts whose matching events, counted, satisfy the frequency (or fail it, for not_performed). */
export function compileEvent(condition: EventCondition, teamId: string, now: Moment = momentOf()): Condition {
  const properties = condition.properties.map((p) => compileJsonKey(sql`e.properties`, p.property, p, now));
  const matching = sql`select e.contact_id from events e
    where e.team_id = ${teamId} and e.name = ${condition.event} and e.contact_id is not null
      and ${compileWindow(sql`e.occurred_at`, condition.window, now)}${andAll(properties)}`;
  const performed = countTest(matching, condition.frequency, condition.times);
  return condition.operator === "performed" ? performed : negate(performed);
}

function countTest(matching: RawBuilder<unknown>, frequency: EventCondition["frequency"], times: number): Condition {
  const anyAtAll = containsContact(matching);
  const grouped = (test: RawBuilder<unknown>) =>
    containsContact(sql`${matching} group by e.contact_id having count(*) ${test}`);
  switch (frequency) {
    case "at_least":
      if (times <= 0) return TRUE;
      return times === 1 ? anyAtAll : grouped(sql`>= ${times}`);
    case "at_most":
      // Never doing it is doing it at most N times.
      return times === 0 ? negate(anyAtAll) : negate(grouped(sql`> ${times}`));
    case "exactly":
      return times === 0 ? negate(anyAtAll) : grouped(sql`= ${times}`);
  }
}

const RECEIVED = sql`select d.contact_id, d.campaign_id, d.sent_at as at from deliveries d where d.status = 'sent' and d.team_id = `;

/**
 * Received (a delivery the channel accepted), opened or clicked one campaign or
 * any, in a window. The `not_` operators are the complement: contacts that were
 * never sent anything have not received, opened or clicked it either.
 */
export function compileEngagement(
  condition: EngagementCondition,
  teamId: string,
  sources: EngagementSources,
  now: Moment = momentOf(),
): Condition {
  const action = condition.operator.replace(/^not_/, "") as "received" | "opened" | "clicked";
  const source = action === "received" ? sql`${RECEIVED}${teamId}` : sources[action](teamId);
  const campaign = condition.campaignId ? sql` and a.campaign_id = ${condition.campaignId}` : sql``;
  const did = containsContact(
    sql`select a.contact_id from (${source}) a where ${compileWindow(sql`a.at`, condition.window, now)}${campaign}`,
  );
  return condition.operator.startsWith("not_") ? negate(did) : did;
}

/**
 * Opens and clicks by team: a subquery with columns contact_id, campaign_id and
 * at (when it happened), scoped to the team. Kept apart so the tables that
 * record them are named in one place (engagement-sources.ts).
 */
export type EngagementSources = Record<"opened" | "clicked", (teamId: string) => RawBuilder<unknown>>;

/** The contact's subscription on a channel, as it stands now. */
export function compileSubscription(condition: SubscriptionCondition): Condition {
  const column = sql.raw(`c.${condition.channel}_status`);
  return condition.operator === "unsubscribed"
    ? sql<boolean>`${column} = 'unsubscribed'`
    : sql<boolean>`${column} = 'subscribed'`;
}

/** Whether the outer contact `c` is among the contact ids a subquery selects (as `contact_id`). */
export function containsContact(subquery: RawBuilder<unknown>): Condition {
  return sql<boolean>`exists (select 1 from (${subquery}) m where m.contact_id = c.id)`;
}

export function negate(condition: Condition): Condition {
  return sql<boolean>`not (${condition})`;
}

function andAll(conditions: Condition[]): RawBuilder<unknown> {
  return conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
}
