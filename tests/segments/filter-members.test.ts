import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { isAppError } from "#server/errors.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { previewFilter } from "#server/segments/filter/query.ts";
import { createSignedInUser } from "../factories.ts";
import { type Seeded, seedFilterTeam } from "./filter-seed.ts";

let seed: Seeded;
beforeAll(async () => {
  seed = await seedFilterTeam();
});

const all = (...conditions: unknown[]) => ({ type: "group", combinator: "and", conditions });
const any = (...conditions: unknown[]) => ({ type: "group", combinator: "or", conditions });

/** The members of a filter by first name, as the preview counts and samples them. */
async function members(tree: unknown, teamId = seed.teamId): Promise<string[]> {
  const { count, sample } = await previewFilter(getDb(), { teamId, filter: parseFilter(tree) });
  const names = sample.map((c) => seed.names.get(c.id) ?? `stranger ${c.name}`).sort();
  expect(count).toBe(names.length);
  return names;
}

async function refusal(tree: unknown): Promise<Record<string, string[]>> {
  try {
    await previewFilter(getDb(), { teamId: seed.teamId, filter: parseFilter(tree) });
  } catch (error) {
    if (isAppError(error) && error.code === "INVALID") return error.fields ?? {};
    throw error;
  }
  throw new Error("the filter was accepted");
}

const field = (name: string, operator: string, value?: unknown) => ({ type: "field", field: name, operator, value });
const attribute = (key: string, operator: string, value?: unknown) => ({ type: "attribute", key, operator, value });

describe("contact fields", () => {
  it.each([
    [field("name", "equals", "alice archer"), ["alice"]],
    [field("name", "not_equals", "Alice Archer"), ["bob", "carol", "dan"]],
    [field("email", "contains", "ARO"), ["carol"]],
    [field("name", "starts_with", "b"), ["bob"]],
    [field("name", "ends_with", "BAKER"), ["bob"]],
    [field("name", "exists"), ["alice", "bob", "dan"]],
    [field("name", "not_exists"), ["carol"]],
    [field("phone", "exists"), ["alice", "carol"]],
    [field("name", "in_list", ["dan dale", "Bob Baker", "nobody"]), ["bob", "dan"]],
    [field("createdAt", "within_last_days", 30), ["bob", "dan"]],
    [field("createdAt", "before", new Date(Date.now() - 50 * 86_400_000).toISOString()), ["alice"]],
    [
      field("createdAt", "after", new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10)),
      ["bob", "carol", "dan"],
    ],
  ])("%j selects %j", async (condition, expected) => {
    expect(await members(all(condition))).toEqual(expected);
  });
});

describe("letters past ASCII, without regard to case", () => {
  // Under the C locale (the embedded server's) ilike and lower() fold ASCII letters only.
  let teamId: string;
  const names = new Map<string, string>();
  beforeAll(async () => {
    ({ teamId } = await createSignedInUser());
    const people = [
      { key: "élodie", name: "ÉLODIE Dupont", city: "ZÜRICH" },
      { key: "taras", name: "Шевченко Тарас", city: "Київ" },
      { key: "eve", name: "Eve Evans", city: "Zurich" },
    ];
    for (const person of people) {
      const id = newId();
      names.set(id, person.key);
      await getDb()
        .insertInto("contacts")
        .values({
          id,
          teamId,
          name: person.name,
          email: `${person.key}@${teamId}.test`,
          attributes: JSON.stringify({ city: person.city }),
        })
        .execute();
    }
  });
  const membersOf = async (condition: unknown) => {
    const { sample } = await previewFilter(getDb(), { teamId, filter: parseFilter(all(condition)) });
    return sample.map((c) => names.get(c.id)!).sort();
  };

  it.each([
    [field("name", "contains", "élodie"), ["élodie"]],
    [field("name", "equals", "élodie dupont"), ["élodie"]],
    [field("name", "not_equals", "ÉLODIE DUPONT"), ["eve", "taras"]],
    [field("name", "starts_with", "шевченко"), ["taras"]],
    [field("name", "ends_with", "ТАРАС"), ["taras"]],
    [field("name", "in_list", ["шевченко тарас", "élodie dupont"]), ["taras", "élodie"]],
    [attribute("city", "contains", "zür"), ["élodie"]],
    [attribute("city", "starts_with", "КИЇ"), ["taras"]],
    [attribute("city", "ends_with", "üRICH"), ["élodie"]],
  ])("%j selects %j", async (condition, expected) => {
    expect(await membersOf(condition)).toEqual(expected);
  });
});

describe("custom attributes", () => {
  it.each([
    [attribute("plan", "equals", "pro"), ["alice", "carol"]],
    [attribute("plan", "not_equals", "pro"), ["bob", "dan"]],
    [attribute("seats", "equals", 2), ["bob"]],
    [attribute("seats", "equals", "5"), ["alice"]],
    [attribute("vip", "equals", true), ["carol"]],
    [attribute("plan", "contains", "RO"), ["alice", "carol"]],
    [attribute("plan", "starts_with", "fr"), ["bob"]],
    [attribute("plan", "ends_with", "EE"), ["bob"]],
    [attribute("seats", "exists"), ["alice", "bob"]],
    [attribute("seats", "not_exists"), ["carol", "dan"]],
    [attribute("seats", "greater_than", 3), ["alice"]],
    [attribute("seats", "less_than", 3), ["bob"]],
    [attribute("renewsAt", "before", "2025-01-01"), ["bob"]],
    [attribute("renewsAt", "after", "2020-06-30"), ["alice"]],
    [attribute("renewsAt", "within_last_days", 36_500), ["bob"]],
    [attribute("plan", "in_list", ["free", "team"]), ["bob"]],
    [attribute("seats", "in_list", [5, 2]), ["alice", "bob"]],
  ])("%j selects %j", async (condition, expected) => {
    expect(await members(all(condition))).toEqual(expected);
  });
});

const event = (extra: Record<string, unknown>) => ({
  type: "event",
  operator: "performed",
  event: "Report Exported",
  ...extra,
});

describe("events", () => {
  it.each([
    [event({}), ["alice", "bob"]],
    [event({ operator: "not_performed" }), ["carol", "dan"]],
    [event({ frequency: "at_least", times: 3, window: { type: "last_days", days: 30 } }), ["alice"]],
    [event({ frequency: "at_least", times: 2 }), ["alice", "bob"]],
    [event({ frequency: "at_most", times: 1, window: { type: "last_days", days: 30 } }), ["bob", "carol", "dan"]],
    [event({ frequency: "exactly", times: 2 }), ["bob"]],
    [event({ frequency: "exactly", times: 0 }), ["carol", "dan"]],
    [event({ operator: "not_performed", frequency: "at_least", times: 3 }), ["bob", "carol", "dan"]],
    [event({ window: { type: "last_days", days: 7 } }), ["alice", "bob"]],
    [event({ window: { type: "between", from: daysAgoDate(70), to: daysAgoDate(50) } }), ["bob"]],
    [event({ properties: [{ property: "format", operator: "equals", value: "csv" }] }), ["bob"]],
    [
      event({
        frequency: "at_least",
        times: 2,
        properties: [{ property: "pages", operator: "greater_than", value: 10 }],
      }),
      ["alice"],
    ],
    [{ type: "event", operator: "performed", event: "Signed Up" }, ["carol"]],
  ])("%j selects %j", async (condition, expected) => {
    expect(await members(all(condition))).toEqual(expected);
  });
});

function daysAgoDate(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

describe("engagement and subscription", () => {
  it("received a given campaign, any campaign in a window, and the complements", async () => {
    expect(await members(all({ type: "engagement", operator: "received", campaignId: seed.launch.id }))).toEqual([
      "alice",
    ]);
    expect(await members(all({ type: "engagement", operator: "received" }))).toEqual(["alice", "carol"]);
    expect(
      await members(all({ type: "engagement", operator: "received", window: { type: "last_days", days: 14 } })),
    ).toEqual(["alice"]);
    expect(
      await members(all({ type: "engagement", operator: "not_received", window: { type: "last_days", days: 14 } })),
    ).toEqual(["bob", "carol", "dan"]);
  });

  it("opened and clicked a given campaign or any, in a window, by people only, and the complements", async () => {
    const engagement = (operator: string, more: object = {}) => all({ type: "engagement", operator, ...more });
    expect(await members(engagement("opened"))).toEqual(["alice", "carol"]);
    expect(await members(engagement("opened", { campaignId: seed.launch.id }))).toEqual(["alice"]);
    // carol's second open, 5 days ago, of a digest sent 30 days ago.
    expect(await members(engagement("opened", { window: { type: "last_days", days: 7 } }))).toEqual(["alice", "carol"]);
    expect(
      await members(
        engagement("opened", {
          campaignId: seed.digest.id,
          window: { type: "between", from: daysAgoDate(31), to: daysAgoDate(20) },
        }),
      ),
    ).toEqual(["carol"]);
    expect(await members(engagement("not_opened"))).toEqual(["bob", "dan"]);
    // alice's click was a machine's.
    expect(await members(engagement("clicked"))).toEqual(["carol"]);
    expect(await members(engagement("clicked", { campaignId: seed.launch.id }))).toEqual([]);
    expect(await members(engagement("clicked", { window: { type: "last_days", days: 14 } }))).toEqual([]);
    expect(await members(engagement("not_clicked", { window: { type: "last_days", days: 60 } }))).toEqual([
      "alice",
      "bob",
      "dan",
    ]);
  });

  it("unsubscribed from a channel", async () => {
    expect(await members(all({ type: "subscription", operator: "unsubscribed", channel: "email" }))).toEqual(["carol"]);
    expect(await members(all({ type: "subscription", operator: "subscribed", channel: "email" }))).toEqual([
      "alice",
      "bob",
      "dan",
    ]);
    expect(await members(all({ type: "subscription", operator: "unsubscribed", channel: "sms" }))).toEqual(["alice"]);
    expect(await members(all({ type: "subscription", operator: "subscribed", channel: "sms" }))).toEqual([
      "bob",
      "carol",
      "dan",
    ]);
    expect(await members(all({ type: "subscription", operator: "unsubscribed", channel: "whatsapp" }))).toEqual([
      "carol",
    ]);
  });
});

describe("segment membership", () => {
  it("in and not in a static segment, and in a filter segment evaluated as it is now", async () => {
    const { staticSegment } = seed;
    expect(await members(all({ type: "segment", operator: "in", segmentId: staticSegment.id }))).toEqual([
      "bob",
      "dan",
    ]);
    expect(await members(all({ type: "segment", operator: "not_in", segmentId: staticSegment.id }))).toEqual([
      "alice",
      "carol",
    ]);
    const pro = {
      id: newId(),
      teamId: seed.teamId,
      name: "Pro",
      kind: "filter",
      filter: JSON.stringify(all(attribute("plan", "equals", "pro"))),
    };
    await getDb().insertInto("segments").values(pro).execute();
    expect(await members(all({ type: "segment", operator: "not_in", segmentId: pro.id }))).toEqual(["bob", "dan"]);
    expect(
      await members(any({ type: "segment", operator: "in", segmentId: pro.id }, field("name", "equals", "dan dale"))),
    ).toEqual(["alice", "carol", "dan"]);
  });
});

describe("nested groups", () => {
  it("combines AND and OR three levels deep", async () => {
    const tree = all(
      any(attribute("plan", "equals", "pro"), event({ window: { type: "last_days", days: 7 } })),
      any(
        all(field("phone", "exists"), event({ frequency: "at_least", times: 3 })),
        all(field("createdAt", "within_last_days", 30), {
          type: "segment",
          operator: "in",
          segmentId: seed.staticSegment.id,
        }),
      ),
    );
    // pro or exported lately: alice, bob, carol. Then phone + 3 exports (alice), or new and hand-picked (bob).
    expect(await members(tree)).toEqual(["alice", "bob"]);
  });

  it("the issue's example: plan = pro AND exported at least 3 times in 30 days AND clicked nothing in 14 days", async () => {
    const tree = all(
      attribute("plan", "equals", "pro"),
      event({ frequency: "at_least", times: 3, window: { type: "last_days", days: 30 } }),
      { type: "engagement", operator: "not_clicked", window: { type: "last_days", days: 14 } },
    );
    expect(await members(tree)).toEqual(["alice"]);
  });

  it("an empty filter selects every contact of the team", async () => {
    expect(await members(all())).toEqual(["alice", "bob", "carol", "dan"]);
  });
});

describe("another team's data", () => {
  it("is never reached: its contacts, events, deliveries, segments and campaigns", async () => {
    // The other team's events name dan five times; its delivery names dan too.
    expect(await members(all(event({ frequency: "at_least", times: 3 })))).toEqual(["alice"]);
    expect(
      await members(
        all({ type: "event", operator: "performed", event: "Signed Up", window: { type: "last_days", days: 7 } }),
      ),
    ).toEqual([]);
    expect(
      await members(all({ type: "engagement", operator: "received", window: { type: "last_days", days: 2 } })),
    ).toEqual([]);
    // The other team's open and click of its delivery to dan's id.
    expect(
      await members(all({ type: "engagement", operator: "opened", window: { type: "last_days", days: 1 } })),
    ).toEqual([]);
    expect(
      await members(all({ type: "engagement", operator: "clicked", window: { type: "last_days", days: 14 } })),
    ).toEqual([]);
    expect(
      await refusal(all(field("name", "exists"), { type: "segment", operator: "in", segmentId: seed.otherSegment.id })),
    ).toEqual({
      "filter.conditions[1].segmentId": ["No segment of this team has this id"],
    });
    expect(
      await refusal(all(any({ type: "engagement", operator: "received", campaignId: seed.otherLaunch.id }))),
    ).toEqual({
      "filter.conditions[0].conditions[0].campaignId": ["No campaign of this team has this id"],
    });
    // The other team sees only its own look-alike contact.
    const { count, sample } = await previewFilter(getDb(), {
      teamId: seed.otherTeamId,
      filter: parseFilter(all(attribute("plan", "equals", "pro"))),
    });
    expect(count).toBe(1);
    expect(sample.map((c) => seed.names.get(c.id))).toEqual([undefined]);
  });

  it("a segment that would include itself is refused", async () => {
    const loop = { id: newId(), teamId: seed.teamId, name: "Loop", kind: "filter", filter: JSON.stringify(all()) };
    await getDb().insertInto("segments").values(loop).execute();
    const tree = parseFilter(all({ type: "segment", operator: "in", segmentId: loop.id }));
    await getDb()
      .updateTable("segments")
      .set({ filter: JSON.stringify(tree) })
      .where("id", "=", loop.id)
      .execute();
    expect(await refusal(all({ type: "segment", operator: "in", segmentId: loop.id }))).toEqual({
      "filter.conditions[0].segmentId": ["A segment cannot include itself, directly or through other segments"],
    });
  });
});

describe("reading a filter", () => {
  // Count and sample each set JIT off in a transaction of their own, or in the caller's.
  it("a preview inside a caller's transaction answers as one on its own", async () => {
    const filter = parseFilter(all(attribute("plan", "equals", "pro")));
    const alone = await previewFilter(getDb(), { teamId: seed.teamId, filter });
    const within = await getDb()
      .transaction()
      .execute((trx) => previewFilter(trx, { teamId: seed.teamId, filter }));
    expect(alone.count).toBeGreaterThan(0);
    expect(within).toEqual(alone);
  });
});
