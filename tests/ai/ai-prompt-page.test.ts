import { beforeAll, describe, expect, test } from "vitest";
import { action as saveAction, loader as aiPage } from "#app/routes/dashboard/segments-ai.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createSession } from "#server/auth/sessions.ts";
import { readFlashToasts } from "#app/http/toast.ts";
import { listSegments } from "#server/segments/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { cookieHeaderFrom, formRequest, getRequest, sessionCookieHeader } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { type Seed, seedCorpusTeam } from "./corpus-seed.ts";

// The AI Prompt tab's route as the router serves it, behind the dashboard's session middleware.

let seed: Seed;
let cookie: { Cookie: string };
beforeAll(async () => {
  seed = await seedCorpusTeam();
  const { token } = await createSession(getDb(), { userId: seed.userId, teamId: seed.teamId });
  cookie = { Cookie: await sessionCookieHeader(token) };
});

const path = (prompt: string) => `/dashboard/segments/ai?${new URLSearchParams({ prompt })}`;
const pro = (c: Seed["contacts"][number]) => c.attributes.plan === "pro";

describe("the AI Prompt tab", () => {
  test("a prompt shows the filter in words, what was not understood, the live count and ten contacts", async () => {
    const response = await serveDashboard(aiPage, getRequest(path("pro users who love cats"), cookie));
    const { result } = await response.json();
    expect(result.error).toBeNull();
    expect(result.described).toEqual({ combinator: "and", items: [{ kind: "condition", text: 'plan is "pro"' }] });
    expect(result.unsupported.join(" ")).toContain("cats");
    expect(result.count).toBe(seed.contacts.filter(pro).length);
    expect(result.sample).toHaveLength(10);
  });

  test("a blank prompt says what is missing", async () => {
    const { result } = await (await serveDashboard(aiPage, getRequest(path("  "), cookie))).json();
    expect(result).toEqual({ prompt: "  ", error: "Describe the audience" });
  });

  test("Save creates a filter segment counted as it is saved; a bad filter or a blank name saves nothing", async () => {
    const { result } = await (await serveDashboard(aiPage, getRequest(path("pro users"), cookie))).json();
    const saved = await serveDashboard(
      saveAction,
      formRequest(path("pro users") + "&save=1", { name: "AI Generated Segment", filter: result.filterJson }, cookie),
    );
    expect(saved.status).toBe(302);
    expect(await readFlashToasts(getRequest("/dashboard/segments", { Cookie: cookieHeaderFrom(saved) }))).toEqual([
      { type: "success", title: "Success", description: "Segment created successfully" },
    ]);
    const segments = (await listSegments(getDb(), { teamId: seed.teamId })).rows;
    expect(segments.find((s) => s.name === "AI Generated Segment")).toMatchObject({
      kind: "filter",
      contactCount: seed.contacts.filter(pro).length,
    });

    const blank = await serveDashboard(
      saveAction,
      formRequest(path("pro users") + "&save=1", { name: " ", filter: result.filterJson }, cookie),
    );
    expect(blank.status).toBe(400);
    expect((await blank.json()).errors).toEqual(["Segment name is required"]);
    const broken = await serveDashboard(
      saveAction,
      formRequest(path("x") + "&save=1", { name: "Broken", filter: '{"type":"group"}' }, cookie),
    );
    expect(broken.status).toBe(400);
    expect((await broken.json()).errors[0]).toContain("Invalid filter");
    expect((await listSegments(getDb(), { teamId: seed.teamId })).rows.map((s) => s.name)).not.toContain("Broken");
  });

  test("the save dialog shows and saves the filter that was shown, without reading the prompt again", async () => {
    // A filter unlike what the prompt says: the dialog must keep it, not re-read "pro users".
    const team = (c: Seed["contacts"][number]) => c.attributes.plan === "team";
    const shown = JSON.stringify({
      type: "group",
      combinator: "and",
      conditions: [{ type: "attribute", key: "plan", operator: "equals", value: "team" }],
    });
    const url = `${path("pro users")}&save=1&${new URLSearchParams({ filter: shown, unsupported: '"cats": not understood' })}`;
    const { result } = await (await serveDashboard(aiPage, getRequest(url, cookie))).json();
    expect(result).toMatchObject({
      error: null,
      count: seed.contacts.filter(team).length,
      unsupported: ['"cats": not understood'],
    });
    expect(result.described.items).toEqual([{ kind: "condition", text: 'plan is "team"' }]);

    const saved = await serveDashboard(
      saveAction,
      formRequest(url, { name: "Shown Filter", filter: result.filterJson }, cookie),
    );
    expect(saved.status).toBe(302);
    const segments = (await listSegments(getDb(), { teamId: seed.teamId })).rows;
    expect(segments.find((s) => s.name === "Shown Filter")).toMatchObject({
      kind: "filter",
      contactCount: seed.contacts.filter(team).length,
    });
  });

  test("a carried filter that is not valid, or names another team's segment, says so and opens no dialog", async () => {
    const open = async (filter: string) => {
      const url = `${path("pro users")}&save=1&${new URLSearchParams({ filter })}`;
      return (await (await serveDashboard(aiPage, getRequest(url, cookie))).json()).result;
    };
    expect((await open("not json")).error).toMatch(
      /^The filter to save could not be used\. Invalid filter\. .*Generate it again\.$/,
    );
    expect((await open('{"type":"group","combinator":"xor","conditions":[]}')).error).toContain("filter.combinator");
    const other = await createSignedInUser();
    const theirs = newId();
    await getDb()
      .insertInto("segments")
      .values({ id: theirs, teamId: other.teamId, name: "Theirs", kind: "static" })
      .execute();
    const foreign = JSON.stringify({
      type: "group",
      combinator: "and",
      conditions: [{ type: "segment", operator: "in", segmentId: theirs }],
    });
    expect((await open(foreign)).error).toContain("No segment of this team has this id");
  });

  test("a follow-up edits the filter shown, keeps what was not understood, and lists the follow-ups", async () => {
    const { result: first } = await (
      await serveDashboard(aiPage, getRequest(path("pro users who love cats"), cookie))
    ).json();
    const refine = (
      shown: { prompt: string; filterJson: string; refinements: string[]; unsupported: string[] },
      text: string,
    ) => {
      const fields: [string, string][] = [
        ["prompt", shown.prompt],
        ["filter", shown.filterJson],
        ["refine", text],
      ];
      fields.push(
        ...shown.refinements.map((r): [string, string] => ["said", r]),
        ...shown.unsupported.map((u): [string, string] => ["unsupported", u]),
      );
      return getRequest(`/dashboard/segments/ai?${new URLSearchParams(fields)}`, cookie);
    };
    const { result: germany } = await (await serveDashboard(aiPage, refine(first, "only the ones in Germany"))).json();
    expect(germany).toMatchObject({
      error: null,
      prompt: "pro users who love cats",
      refinements: ["only the ones in Germany"],
    });
    expect(germany.count).toBe(seed.contacts.filter((c) => pro(c) && c.attributes.country === "Germany").length);
    expect(germany.described.items.map((i: { text: string }) => i.text)).toEqual([
      'plan is "pro"',
      'country is "Germany"',
    ]);
    expect(germany.unsupported.join(" ")).toContain("cats");

    const { result: phone } = await (await serveDashboard(aiPage, refine(germany, "and with a phone"))).json();
    expect(phone.refinements).toEqual(["only the ones in Germany", "and with a phone"]);
    expect(phone.count).toBe(
      seed.contacts.filter((c) => pro(c) && c.attributes.country === "Germany" && c.phone !== null).length,
    );

    const { result: broken } = await (
      await serveDashboard(aiPage, refine({ ...first, filterJson: "not json" }, "only the ones in Germany"))
    ).json();
    expect(broken.error).toMatch(/^The follow-up could not be used\. Invalid filter/);
  });

  test("a prompt that reads two ways offers the other reading as a link that shows it", async () => {
    const { result } = await (
      await serveDashboard(aiPage, getRequest(path("bought at least 1 time and completed 2 orders"), cookie))
    ).json();
    const twice = (c: Seed["contacts"][number]) => c.events.filter((e) => e.name === "Order Completed").length;
    expect(result.count).toBe(seed.contacts.filter((c) => twice(c) >= 2).length);
    const exactly = result.choices.find((c: { label: string }) => c.label.includes("exactly 2 times"));
    const url = `${path("bought at least 1 time and completed 2 orders")}&${new URLSearchParams(exactly.readings.map((r: string) => ["reading", r]))}`;
    const { result: picked } = await (await serveDashboard(aiPage, getRequest(url, cookie))).json();
    expect(picked.count).toBe(seed.contacts.filter((c) => twice(c) === 2).length);
  });

  test("another team's prompt sees none of this team's contacts", async () => {
    const other = await createSignedInUser();
    const response = await serveDashboard(
      aiPage,
      getRequest(path("pro users"), { Cookie: await sessionCookieHeader(other.token) }),
    );
    const { result } = await response.json();
    expect(result).toMatchObject({ count: 0, sample: [] });
  });
});
