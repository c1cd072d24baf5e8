import { beforeAll, describe, expect, test } from "vitest";
import { action } from "#app/routes/api/segments-ai.ts";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createSession } from "#server/auth/sessions.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { type Seed, type SeedContact, seedCorpusTeam } from "./corpus-seed.ts";

// POST /api/segments/ai: a follow-up prompt with the filter shown edits that
// filter instead of starting over, and a prompt that reads two ways offers the
// other reading, which `readings` picks. Each answer is checked by the
// contacts it counts on the seeded team.

let seed: Seed;
let token: string;
beforeAll(async () => {
  seed = await seedCorpusTeam();
  ({ token } = await createSession(getDb(), { userId: seed.userId, teamId: seed.teamId }));
});

async function generate(body: unknown, as = token) {
  const response = await respond(() =>
    action(routeArgs(jsonRequest("/api/segments/ai", body, { headers: bearer(as) }))),
  );
  return { status: response.status, body: await response.json() };
}

const count = (where: (c: SeedContact) => boolean) => seed.contacts.filter(where).length;
const plan = (c: SeedContact) => c.attributes.plan;
const country = (c: SeedContact) => c.attributes.country;
const orders = (c: SeedContact) => c.events.filter((e) => e.name === "Order Completed").length;

describe("a follow-up prompt", () => {
  test("narrows the filter shown: 'only the ones in Germany', then 'and exclude enterprise'", async () => {
    const first = await generate({ prompt: "customers who purchased" });
    expect(first.body.count).toBe(count((c) => orders(c) > 0));

    const germany = await generate({ prompt: "only the ones in Germany", filter: first.body.filter });
    expect(germany.status).toBe(200);
    expect(germany.body.count).toBe(count((c) => orders(c) > 0 && country(c) === "Germany"));
    expect(germany.body.explanation).toContain('narrowed by "only the ones in Germany"');

    const rest = await generate({ prompt: "and exclude enterprise", filter: germany.body.filter });
    expect(rest.body.count).toBe(count((c) => orders(c) > 0 && country(c) === "Germany" && plan(c) !== "enterprise"));
    expect(rest.body.unsupported).toEqual([]);
  });

  test("that starts by adding people widens it: 'or anyone in the VIP segment'", async () => {
    const first = await generate({ prompt: "pro users in France" });
    const wider = await generate({ prompt: "or anyone in the VIP segment", filter: first.body.filter });
    expect(wider.body.count).toBe(
      count((c) => (plan(c) === "pro" && country(c) === "France") || c.segments.includes("VIP")),
    );
  });

  test("with a filter that is not valid, or that names another team's segment, is a 400 that says which node", async () => {
    const broken = await generate({
      prompt: "only the ones in Germany",
      filter: { type: "group", combinator: "xor", conditions: [] },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toContain("filter.combinator");

    const other = await createSignedInUser();
    const theirs = newId();
    await getDb()
      .insertInto("segments")
      .values({ id: theirs, teamId: other.teamId, name: "Theirs", kind: "static" })
      .execute();
    const foreign = await generate({
      prompt: "only the ones in Germany",
      filter: {
        type: "group",
        combinator: "and",
        conditions: [{ type: "segment", operator: "in", segmentId: theirs }],
      },
    });
    // As for any filter (decision 011): the node is named, and nothing of the other team is shown.
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain("No segment of this team has this id");
  });
});

describe("a prompt that reads two ways", () => {
  test("says so, reads the first, and offers the other as a choice that 'readings' picks", async () => {
    const atLeast = await generate({ prompt: "completed 3 orders" });
    expect(atLeast.body.count).toBe(count((c) => orders(c) >= 3));
    expect(atLeast.body.unsupported.join(" ")).toContain('"3" can mean at least 3 times or exactly 3 times');
    const exactly = atLeast.body.choices.find((c: { label: string }) => c.label.includes("exactly 3 times"));
    expect(exactly).toBeDefined();

    const picked = await generate({ prompt: "completed 3 orders", readings: exactly.readings });
    expect(picked.body.count).toBe(count((c) => orders(c) === 3));
    expect(picked.body.count).not.toBe(atLeast.body.count);
    expect(picked.body.filter).toEqual(exactly.filter);
  });

  test("'last month' is the calendar month before this one, or the last 30 days when that choice is picked", async () => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const now = new Date();
    const end = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
    const start = `${end.slice(0, 7)}-01`;
    const signedUp = (c: SeedContact, where: (at: Date) => boolean) =>
      c.events.some((e) => e.name === "Signed Up" && where(e.at));
    const calendar = await generate({ prompt: "signed up last month" });
    expect(calendar.body.count).toBe(count((c) => signedUp(c, (at) => day(at) >= start && day(at) <= end)));
    const rolling = calendar.body.choices.find((c: { label: string }) => c.label.includes("the last 30 days"));
    const picked = await generate({ prompt: "signed up last month", readings: rolling.readings });
    expect(picked.body.count).toBe(count((c) => signedUp(c, (at) => at.getTime() >= now.getTime() - 30 * 86_400_000)));
  });

  test("readings that are not a list, or too many, are a 400", async () => {
    expect((await generate({ prompt: "completed 3 orders", readings: "count@10=1" })).status).toBe(400);
    expect(
      (await generate({ prompt: "completed 3 orders", readings: Array.from({ length: 11 }, (_, i) => `count@${i}=1`) }))
        .status,
    ).toBe(400);
  });
});
