import { describe, expect, test } from "vitest";
import * as journeyRoute from "#app/routes/dashboard/journey.tsx";
import * as journeysRoute from "#app/routes/dashboard/journeys.tsx";
import * as newJourneyRoute from "#app/routes/dashboard/journey-new.tsx";
import { action as stateAction } from "#app/routes/dashboard/journey-state.ts";
import { sessionContext } from "#app/http/context.ts";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { getJourney } from "#server/journeys/journeys.ts";
import type { TeamRole } from "#shared/teams/roles.ts";
import { addContacts } from "../delivery/fixtures.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { flashOf, formRequest, getRequest } from "../requests.ts";
import { routeArgs, serveDashboard } from "../serve-route.ts";
import { memberOf } from "../teams/team-api.ts";
import { sessionOf } from "../audit/team-people.ts";
import { draftJourney } from "./journey-fixtures.ts";

// The journey pages as the server renders them and as their forms post without
// JavaScript: figures from the engine's rows, the editor's add, edit, move and
// delete, the state buttons, and what a Viewer and another team see.

function loaderOf(loader: (args: never) => unknown, path: string, session: Awaited<ReturnType<typeof sessionOf>>) {
  return async () => {
    const id = new URL(path, "http://murmur.test").pathname.split("/")[3];
    const args = routeArgs(getRequest(path), { params: id ? { id } : {} });
    args.context.set(sessionContext, session);
    return loader(args as never);
  };
}

async function render(
  path: string,
  module: typeof journeyRoute | typeof journeysRoute,
  user: { token: string },
  role: TeamRole = "owner",
) {
  return renderPage(path, module as never, loaderOf(module.loader as never, path, await sessionOf(user)), role);
}

/** What the engine writes as contacts move: counters per step and a run waiting at a step. */
async function engineRows(journeyId: string, teamId: string) {
  await getDb()
    .insertInto("journeyStepStats")
    .values([
      { journeyId, stepId: "@entry", entered: 1234 },
      { journeyId, stepId: "@goal", converted: 56 },
      { journeyId, stepId: "wait-order", entered: 1234, movedOn: 900 },
      { journeyId, stepId: "reminder", entered: 700, sent: 650, skipped: 50, movedOn: 700 },
    ])
    .execute();
  const [contactId] = await addContacts(teamId, [{ email: "waiting@murmur.test", name: "Wanda Waiting" }]);
  await getDb()
    .insertInto("journeyRuns")
    .values({
      id: newId(),
      teamId,
      journeyId,
      version: 1,
      contactId: contactId!,
      status: "waiting",
      stepId: "wait-order",
    })
    .execute();
  return contactId!;
}

const post = (user: { cookie: { Cookie: string } }, journeyId: string, fields: Record<string, string>) =>
  serveDashboard(journeyRoute.action as never, formRequest(`/dashboard/journeys/${journeyId}`, fields, user.cookie), {
    id: journeyId,
  });

describe("the journeys list", () => {
  test("shows each journey with its state, entered, active and converted from the engine's rows", async () => {
    const user = await signedIn();
    const journey = await draftJourney(user.teamId);
    await getDb().updateTable("journeys").set({ state: "live", liveVersion: 1 }).where("id", "=", journey.id).execute();
    await getDb()
      .insertInto("journeyVersions")
      .values({
        journeyId: journey.id,
        version: 1,
        teamId: user.teamId,
        definition: JSON.stringify(journey.definition),
      })
      .execute();
    await engineRows(journey.id, user.teamId);
    await draftJourney((await signedIn()).teamId, {
      ...(await import("./journey-fixtures.ts")).abandonedCartInput("Not ours"),
    });

    const page = await render("/dashboard/journeys", journeysRoute, user);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Abandoned cart Live 1,234 1 56");
    expect(page.text).not.toContain("Not ours");
    expect(page.text).toContain("New journey");
  });
});

describe("the journey page", () => {
  test("shows per step how many entered, wait, moved on, were sent and converted, and the contacts at a step", async () => {
    const user = await signedIn();
    const journey = await draftJourney(user.teamId);
    const contactId = await engineRows(journey.id, user.teamId);

    const page = await render(`/dashboard/journeys/${journey.id}?step=wait-order`, journeyRoute, user);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Entered 1234 · Active 1 · Converted 56");
    expect(page.text).toContain(
      "Step 1: Wait up to 1 hour for “Order Completed” with the same cart_id 1,234 1 900 0 0 0 0",
    );
    expect(page.text).toContain("Step 3: Send email “Your cart” 700 0 700 650 50 0 0");
    expect(page.text).toContain("Contacts at Step 1");
    expect(page.html).toContain(`href="/dashboard/contacts/${contactId}"`);
    expect(page.text).toContain("Wanda Waiting");
    // The flow: the wait's two branches side by side, each step with its forms.
    expect(page.text).toContain("“Order Completed” came");
    expect(page.text).toContain("Timed out");
    expect(page.text).toContain("Edit step 3");
    expect(page.text).toContain("Start");
  });

  test("a Viewer reads it without the editor's forms, the state buttons disabled with why", async () => {
    const owner = await signedIn();
    const viewer = await memberOf(owner.teamId, "viewer");
    const journey = await draftJourney(owner.teamId);
    const page = await render(`/dashboard/journeys/${journey.id}`, journeyRoute, viewer, "viewer");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Step 3: Send email “Your cart”");
    expect(page.text).not.toContain("Edit step 3");
    expect(page.text).toContain("A Viewer cannot start, pause or stop journeys.");
    expect(page.html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Start/);

    const refused = await post(await viewerCookie(viewer), journey.id, { do: "delete-step", stepId: "reminder" });
    expect(refused.status).toBe(403);
    const stateRefused = await serveDashboard(
      stateAction as never,
      formRequest(`/dashboard/journeys/${journey.id}/state`, { intent: "start" }, (await viewerCookie(viewer)).cookie),
      { id: journey.id },
    );
    expect(stateRefused.status).toBe(403);
    expect((await getJourney(getDb(), { teamId: owner.teamId, journeyId: journey.id })).state).toBe("draft");
  });

  test("another team's journey is a 404 for the page and its forms", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const journey = await draftJourney(owner.teamId);
    const page = await render(`/dashboard/journeys/${journey.id}`, journeyRoute, stranger);
    expect(page.status).toBe(404);
    expect(page.text).toContain("Journey not found.");
    const refused = await post(stranger, journey.id, { do: "delete-step", stepId: "reminder" });
    expect(refused.status).toBe(404);
  });
});

async function viewerCookie(viewer: { token: string }) {
  const { sessionCookieHeader } = await import("../requests.ts");
  return { cookie: { Cookie: await sessionCookieHeader(viewer.token) } };
}

describe("the editor without JavaScript", () => {
  test("adds, edits, moves and deletes steps with forms, each a redirect back with a toast", async () => {
    const user = await signedIn();
    const journey = await draftJourney(user.teamId);
    const steps = async () =>
      (await getJourney(getDb(), { teamId: user.teamId, journeyId: journey.id })).definition.steps;

    const added = await post(user, journey.id, {
      do: "add-step",
      at: "steps.1",
      type: "wait",
      amount: "2",
      unit: "hours",
    });
    expect(added.status).toBe(302);
    expect(await flashOf(added)).toEqual([{ type: "success", title: "Step added" }]);
    expect((await steps())[1]).toEqual({ id: "step-1", type: "wait", seconds: 7200 });

    const intoBranch = await post(user, journey.id, {
      do: "add-step",
      at: "steps.0.timedOut.1",
      type: "send",
      channel: "SMS",
      content: "Your cart misses you, {{ contact.name }}",
      overCap: "skip",
    });
    expect(intoBranch.status).toBe(302);
    const branch = (await steps())[0] as { timedOut: { id: string; type: string; overCap?: string }[] };
    expect(branch.timedOut.map((step) => [step.id, step.type])).toEqual([
      ["reminder", "send"],
      ["step-2", "send"],
    ]);

    const bad = await post(user, journey.id, {
      do: "edit-step",
      stepId: "step-1",
      type: "wait",
      amount: "0",
      unit: "days",
    });
    expect(bad.status).toBe(400);
    const { formKey, result } = await bad.json();
    expect(formKey).toBe("edit:step-1");
    expect(result.error).toEqual({ amount: ["Enter at least 1"] });

    const tooLong = await post(user, journey.id, {
      do: "edit-step",
      stepId: "step-1",
      type: "wait",
      amount: "400",
      unit: "days",
    });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).result.error.amount).toEqual(["seconds must be at most 31622400 seconds (366 days)"]);

    const badLiquid = await post(user, journey.id, {
      do: "edit-step",
      stepId: "reminder",
      type: "send",
      channel: "EMAIL",
      subject: "Your cart",
      content: "{% if %}",
    });
    expect(badLiquid.status).toBe(400);
    expect(Object.keys((await badLiquid.json()).result.error)).toEqual(["content"]);

    expect((await post(user, journey.id, { do: "move-step", stepId: "step-1", direction: "up" })).status).toBe(302);
    expect((await steps()).map((step) => step.id)).toEqual(["step-1", "wait-order"]);
    expect((await post(user, journey.id, { do: "delete-step", stepId: "step-1" })).status).toBe(302);
    expect((await steps()).map((step) => step.id)).toEqual(["wait-order"]);

    const gone = await post(user, journey.id, { do: "delete-step", stepId: "step-1" });
    expect(await flashOf(gone)).toEqual([
      expect.objectContaining({ type: "error", description: expect.stringContaining("no longer in the journey") }),
    ]);
  });

  test("a condition's Add condition comes back unsaved; saving it stores the filter", async () => {
    const user = await signedIn();
    const journey = await draftJourney(user.teamId);
    const grown = await post(user, journey.id, {
      do: "add-step",
      at: "steps.1",
      type: "condition",
      "filter.type": "group",
      "filter.combinator": "and",
      intent: "add-condition:filter",
    });
    expect(grown.status).toBe(200);
    const answer = await grown.json();
    expect(answer.draft.conditions).toHaveLength(1);
    expect((await getJourney(getDb(), { teamId: user.teamId, journeyId: journey.id })).definition.steps).toHaveLength(
      1,
    );

    const saved = await post(user, journey.id, {
      do: "add-step",
      at: "steps.1",
      type: "condition",
      "filter.type": "group",
      "filter.combinator": "and",
      "filter.conditions[0].type": "attribute",
      "filter.conditions[0].key": "plan",
      "filter.conditions[0].operator": "equals",
      "filter.conditions[0].value": "pro",
      intent: "save",
    });
    expect(saved.status).toBe(302);
    const condition = (await getJourney(getDb(), { teamId: user.teamId, journeyId: journey.id })).definition.steps[1];
    expect(condition).toMatchObject({
      type: "condition",
      filter: { type: "group", combinator: "and", conditions: [{ type: "attribute", key: "plan", value: "pro" }] },
      yes: [],
      no: [],
    });
  });

  test("creates a journey from the new journey form, refusing a missing entry event beside its field", async () => {
    const user = await signedIn();
    const create = (fields: Record<string, string>) =>
      serveDashboard(newJourneyRoute.action as never, formRequest("/dashboard/journeys/new", fields, user.cookie));
    const missing = await create({ name: "Welcome", entryType: "event", "entry.event": "" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).result.error).toEqual({ "entry.event": ["The event name is required"] });

    const made = await create({ name: "Welcome", entryType: "contact_created", reentryMode: "once" });
    expect(made.status).toBe(302);
    const id = made.headers.get("Location")!.split("/").pop()!;
    expect(await getJourney(getDb(), { teamId: user.teamId, journeyId: id })).toMatchObject({
      name: "Welcome",
      state: "draft",
      definition: { entry: { type: "contact_created" }, reentry: { mode: "once" }, goal: null, steps: [] },
    });
  });

  test("Start, Pause, Publish changes and Stop post to the state route and say what happened", async () => {
    const user = await signedIn();
    const journey = await draftJourney(user.teamId);
    const move = (intent: string) =>
      serveDashboard(
        stateAction as never,
        formRequest(`/dashboard/journeys/${journey.id}/state`, { intent }, user.cookie),
        { id: journey.id },
      );
    expect(await flashOf(await move("start"))).toEqual([
      { type: "success", title: "Journey is live", description: "Version 1 is live for new contacts." },
    ]);
    expect(await flashOf(await move("publish"))).toEqual([
      { type: "error", title: "The journey did not change", description: "There are no changes to publish." },
    ]);
    await post(user, journey.id, { do: "add-step", at: "steps.1", type: "exit" });
    expect(await flashOf(await move("publish"))).toEqual([
      { type: "success", title: "Changes published", description: "Version 2 is live for new contacts." },
    ]);
    expect((await flashOf(await move("pause")))[0]!.title).toBe("Journey paused");
    expect((await flashOf(await move("start")))[0]!.title).toBe("Journey resumed");
    expect((await flashOf(await move("stop")))[0]!.title).toBe("Journey stopped");
  });
});
