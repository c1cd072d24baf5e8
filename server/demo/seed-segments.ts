import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { demoRandom } from "./demo-random.ts";
import type { FilterGroup } from "#shared/segments/filter/schema.ts";
import type { SeedOptions } from "./seed-contacts.ts";

/** The prompt the demo's AI segment was made from, and the tree the built-in interpreter would make of it. */
export const DEMO_AI_PROMPT = "People in the United Kingdom who completed at least 5 tasks in the last 30 days";

type DemoSegment = { key: string; name: string; filter: FilterGroup | null; prompt?: string };

const SEGMENTS: DemoSegment[] = [
  {
    key: "paying",
    name: "Paying customers",
    filter: {
      type: "group",
      combinator: "and",
      conditions: [{ type: "attribute", key: "plan", operator: "in_list", value: ["pro", "team"] }],
    },
  },
  {
    key: "active",
    name: "Active this week",
    filter: {
      type: "group",
      combinator: "and",
      conditions: [
        {
          type: "event",
          operator: "performed",
          event: "Logged In",
          frequency: "at_least",
          times: 1,
          window: { type: "last_days", days: 7 },
          properties: [],
        },
      ],
    },
  },
  {
    key: "stalled",
    name: "Signed up, no project yet",
    filter: {
      type: "group",
      combinator: "and",
      conditions: [
        {
          type: "event",
          operator: "performed",
          event: "Signed Up",
          frequency: "at_least",
          times: 1,
          window: { type: "last_days", days: 30 },
          properties: [],
        },
        {
          type: "event",
          operator: "not_performed",
          event: "Project Created",
          frequency: "at_least",
          times: 1,
          window: { type: "any_time" },
          properties: [],
        },
      ],
    },
  },
  {
    key: "uk-power-users",
    name: "UK power users",
    prompt: DEMO_AI_PROMPT,
    filter: {
      type: "group",
      combinator: "and",
      conditions: [
        { type: "attribute", key: "country", operator: "equals", value: "United Kingdom" },
        {
          type: "event",
          operator: "performed",
          event: "Task Completed",
          frequency: "at_least",
          times: 5,
          window: { type: "last_days", days: 30 },
          properties: [],
        },
      ],
    },
  },
  { key: "beta", name: "Beta testers", filter: null },
];

export type SeededSegments = Record<(typeof SEGMENTS)[number]["key"], string>;

/**
 * The demo's segments: filter segments over attributes and events, one made from a
 * prompt (kept with it, as the AI builder saves it), and a static "Beta testers" list
 * of about one contact in twelve. Counts are left to the caller (recountSegment).
 */
export async function seedSegments(db: Database, options: SeedOptions): Promise<SeededSegments> {
  const { teamId, seed, now } = options;
  const ids: Record<string, string> = {};
  const rows = SEGMENTS.map((segment, index) => {
    const id = newId(now.getTime() - (SEGMENTS.length - index) * 86_400_000 * 9);
    ids[segment.key] = id;
    return {
      id,
      teamId,
      name: segment.name,
      kind: segment.filter ? "filter" : "static",
      filter: segment.filter ? JSON.stringify(segment.filter) : null,
      prompt: segment.prompt ?? null,
      // Made over the last weeks, so the dashboard's segment growth has a past.
      createdAt: new Date(now.getTime() - (SEGMENTS.length - index) * 86_400_000 * 9),
    };
  });
  await db.insertInto("segments").values(rows).execute();
  await sql`
    insert into segment_members (segment_id, contact_id)
    select ${ids.beta}::uuid, id from contacts
    where team_id = ${teamId} and ${demoRandom(seed, "beta", sql`external_id`)} < 0.08
  `.execute(db);
  return ids as SeededSegments;
}
