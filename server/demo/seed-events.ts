import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { demoRandom, pickFrom } from "./demo-random.ts";
import { HISTORY_DAYS, PRODUCT_EVENTS, PROJECT_NAMES, SIGNED_UP } from "./demo-product.ts";
import type { SeedOptions } from "./seed-contacts.ts";

/** The most product events one contact has; the average is about a third of it. */
const MAX_EVENTS_PER_CONTACT = 36;

/**
 * Product events of the last 90 days, in one statement, into the same `events` table
 * the tracking API writes (decision 010): a "Signed Up" for each contact who arrived
 * in that time, then each contact's activity (a skewed number of events, their names
 * by PRODUCT_EVENTS' weights, never before the contact arrived). Attached to their
 * contact and named by its userId, as an identified track call would be.
 */
export async function seedProductEvents(db: Database, options: SeedOptions): Promise<void> {
  const { teamId, seed, now } = options;
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const c = sql`c.external_id`;
  const k = sql`k`;
  const r = (key: string) => demoRandom(seed, key, c, k);
  let cumulative = 0;
  const nameOf = sql.join(
    PRODUCT_EVENTS.map((event) => {
      cumulative += event.weight;
      return sql`when ${r("name")} < ${cumulative} then ${event.name}`;
    }),
    sql` `,
  );
  await sql`
    with activity as (
      select c.id, c.external_id, greatest(c.created_at, ${since}::timestamptz) as start, k,
        case ${nameOf} else ${PRODUCT_EVENTS[0].name} end as name,
        ${r("at")} as at, ${pickFrom(PROJECT_NAMES, r("project"))} as project
      from contacts c
      cross join lateral generate_series(1, floor(power(${demoRandom(seed, "activity", c)}, 2) * ${MAX_EVENTS_PER_CONTACT})::int) as k
      where c.team_id = ${teamId}
    )
    insert into events (id, team_id, message_id, type, name, user_id, contact_id, occurred_at, received_at, properties)
    select gen_random_uuid(), ${teamId}::uuid, 'demo-' || external_id || '-' || k, 'track', name, external_id, id,
      start + (${now}::timestamptz - start) * at, start + (${now}::timestamptz - start) * at,
      case name when 'Task Completed' then jsonb_build_object('project', project)
        when 'Project Created' then jsonb_build_object('project', project)
        when 'Report Exported' then jsonb_build_object('format', case when at < 0.7 then 'pdf' else 'csv' end)
        else '{}'::jsonb end
    from activity
    union all
    select gen_random_uuid(), ${teamId}::uuid, 'demo-' || external_id || '-signup', 'track', ${SIGNED_UP}, external_id, id,
      created_at, created_at, jsonb_build_object('source', attributes ->> 'signupSource')
    from contacts where team_id = ${teamId} and created_at >= ${since}
  `.execute(db);
}

/**
 * What the ingestion statement does after storing events (server/analytics/roll-events.ts),
 * for the seeded ones: the team's event names recorded, and the named events queued for
 * the analytics rollups, one queue row per UTC day, which the worker counts as it counts
 * ingested batches. Runs after every event of the demo is stored.
 */
export async function queueSeededEvents(db: Database, options: { teamId: string }): Promise<void> {
  const { teamId } = options;
  await sql`
    insert into event_names (team_id, name)
    select distinct team_id, name from events where team_id = ${teamId} and name is not null
    on conflict do nothing
  `.execute(db);
  await sql`
    insert into event_rollup_queue (team_id, names, occurred_at, contact_ids, event_ids, properties)
    select team_id, array_agg(name), array_agg(occurred_at), array_agg(contact_id), array_agg(id), array_agg(properties)
    from events where team_id = ${teamId} and name is not null
    group by team_id, (occurred_at at time zone 'UTC')::date
  `.execute(db);
}
