import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { compileFilter, type ReferencedSegment } from "../../server/segments/filter/compile.ts";
import { engagementSources } from "../../server/segments/filter/engagement-sources.ts";
import { parseFilter } from "../../server/segments/filter/parse.ts";

// The SQL the compiler writes for each kind of condition, without a database.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const TEAM = "0195f0a0-0000-7000-8000-00000000aaaa";
const STATIC = "0195f0a0-0000-7000-8000-000000000001";
const FILTERED = "0195f0a0-0000-7000-8000-000000000002";

function compiled(condition: unknown, segments: [string, ReferencedSegment][] = []) {
  const tree = parseFilter({ type: "group", combinator: "and", conditions: [condition] });
  const { where } = compileFilter(tree, { teamId: TEAM, segments: new Map(segments), engagement: engagementSources });
  const { sql: text, parameters } = sql`${where}`.compile(db);
  return { text: text.replace(/\s+/g, " "), parameters };
}

describe("filter compiler", () => {
  it("compares contact fields without regard to case, with bound values", () => {
    expect(compiled({ type: "field", field: "email", operator: "starts_with", value: "50%_off" })).toEqual({
      text: "(coalesce(c.email ilike $1, false))",
      parameters: ["50\\%\\_off%"],
    });
    expect(compiled({ type: "field", field: "createdAt", operator: "before", value: "2026-01-31" })).toEqual({
      text: "(coalesce(c.created_at < $1::timestamptz, false))",
      parameters: ["2026-01-31T00:00:00Z"],
    });
  });

  it("tests attribute equality by containment, also against the value's text form, among contacts that have attributes", () => {
    expect(compiled({ type: "attribute", key: "seats", operator: "equals", value: 3 })).toEqual({
      text: "((c.attributes <> '{}'::jsonb and (c.attributes @> $1::jsonb or c.attributes @> $2::jsonb)))",
      parameters: ['{"seats":3}', '{"seats":"3"}'],
    });
    expect(compiled({ type: "attribute", key: "seats", operator: "greater_than", value: 3 }).text).toBe(
      "(coalesce(murmur_try_numeric((c.attributes ->> $1)) > $2, false))",
    );
  });

  it("counts a contact's events of one name in the team, grouped only when a count above one is asked", () => {
    const once = compiled({ type: "event", operator: "performed", event: "Signed Up" });
    expect(once.text).toBe(
      "(exists (select 1 from (select e.contact_id from events e where e.team_id = $1 and e.name = $2 and e.contact_id is not null and true) m where m.contact_id = c.id))",
    );
    expect(once.parameters).toEqual([TEAM, "Signed Up"]);
    const thrice = compiled({
      type: "event",
      operator: "not_performed",
      event: "Report Exported",
      times: 3,
      window: { type: "last_days", days: 30 },
      properties: [{ property: "format", operator: "equals", value: "pdf" }],
    });
    expect(thrice.text).toContain("not (exists (select 1 from (select e.contact_id from events e where e.team_id = $1");
    expect(thrice.text).toContain("e.occurred_at >= now() - make_interval(days => $3) and e.properties @> $4::jsonb");
    expect(thrice.text).toContain("group by e.contact_id having count(*) >= $5) m where m.contact_id = c.id))");
  });

  it("reads deliveries of the team for received, and negates for not_ operators", () => {
    const { text, parameters } = compiled({ type: "engagement", operator: "not_received", campaignId: STATIC, window: { type: "last_days", days: 14 } });
    expect(text).toContain("not (exists (select 1 from (select a.contact_id from (select d.contact_id, d.campaign_id, d.sent_at as at from deliveries d where d.status = 'sent' and d.team_id = $1) a");
    expect(text).toContain("and a.campaign_id = $3");
    expect(parameters).toEqual([TEAM, 14, STATIC]);
  });

  it("reads a static segment's rows, and inlines a filter segment's own tree", () => {
    expect(compiled({ type: "segment", operator: "in", segmentId: STATIC }, [[STATIC, { kind: "static" }]]).text).toBe(
      "(exists (select 1 from (select sm.contact_id from segment_members sm where sm.segment_id = $1) m where m.contact_id = c.id))",
    );
    const inner = parseFilter({ type: "group", combinator: "or", conditions: [{ type: "subscription", operator: "unsubscribed", channel: "sms" }] });
    expect(compiled({ type: "segment", operator: "not_in", segmentId: FILTERED }, [[FILTERED, { kind: "filter", filter: inner }]]).text).toBe(
      "(not ((c.sms_status = 'unsubscribed')))",
    );
  });

  it("joins groups with their combinator, and an empty group with nothing", () => {
    const tree = parseFilter({
      type: "group",
      combinator: "or",
      conditions: [
        { type: "field", field: "name", operator: "exists" },
        { type: "group", combinator: "and", conditions: [] },
      ],
    });
    const { where } = compileFilter(tree, { teamId: TEAM, segments: new Map(), engagement: engagementSources });
    expect(sql`${where}`.compile(db).sql).toBe("(coalesce(c.name <> '', false) or true)");
  });

  it("writes a filter segment named in many places once, as a CTE that each place tests", () => {
    // Three levels of ten references each: copied at every reference this was 1,000 leaves.
    const LEAF = "0195f0a0-0000-7000-8000-000000000003";
    const MIDDLE = "0195f0a0-0000-7000-8000-000000000004";
    const leaf = parseFilter({ type: "group", combinator: "and", conditions: [{ type: "attribute", key: "plan", operator: "equals", value: "pro" }] });
    const tenOf = (segmentId: string) =>
      parseFilter({ type: "group", combinator: "or", conditions: Array.from({ length: 10 }, () => ({ type: "segment", operator: "in", segmentId })) });
    const segments = new Map<string, ReferencedSegment>([
      [LEAF, { kind: "filter", filter: leaf }],
      [MIDDLE, { kind: "filter", filter: tenOf(LEAF) }],
    ]);
    const { where, shared } = compileFilter(tenOf(MIDDLE), { teamId: TEAM, segments, engagement: engagementSources });
    expect(shared.map((s) => s.name)).toEqual(["filter_segment_1", "filter_segment_2"]);
    const [first, second] = shared.map((s) => s.members.compile(db).sql.replace(/\s+/g, " "));
    expect(first).toBe("select c.id as contact_id from contacts c where c.team_id = $1 and ((c.attributes <> '{}'::jsonb and c.attributes @> $2::jsonb))");
    // The middle segment reads the leaf's CTE ten times rather than holding ten copies of its tree.
    expect(second!.match(/from "filter_segment_1" s/g)).toHaveLength(10);
    expect(second).not.toContain("attributes");
    const text = sql`${where}`.compile(db).sql;
    expect(text.match(/from "filter_segment_2" s/g)).toHaveLength(10);
    expect(text).not.toContain("filter_segment_1");
  });

  it("inlines a filter segment named once, over the same contact", () => {
    const leaf = parseFilter({ type: "group", combinator: "and", conditions: [{ type: "field", field: "name", operator: "exists" }] });
    const tree = parseFilter({ type: "group", combinator: "and", conditions: [{ type: "segment", operator: "in", segmentId: FILTERED }] });
    const { where, shared } = compileFilter(tree, { teamId: TEAM, segments: new Map([[FILTERED, { kind: "filter", filter: leaf }]]), engagement: engagementSources });
    expect(shared).toEqual([]);
    expect(sql`${where}`.compile(db).sql).toBe("((coalesce(c.name <> '', false)))");
  });
});
