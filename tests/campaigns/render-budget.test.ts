import { describe, expect, test } from "vitest";
import { action as createAction } from "#app/routes/dashboard/broadcast-new.tsx";
import { action as createCampaign } from "#app/routes/api/campaigns.ts";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createSignedInUser, signedIn } from "../factories.ts";
import { bearer, formRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";

// Templates that pass a save check made for an empty contact and then cost seconds of
// CPU for every recipient. The default budget (50 ms, 1 MB) applies throughout.
const NESTED_LOOP = "{% for a in (1..10000) %}{% for b in (1..10000) %}x{% endfor %}{% endfor %}";
// One filter call liquidjs cannot interrupt: the render thread has to be stopped from outside.
const UNINTERRUPTIBLE = "{% assign a = (1..3000000) | reverse | sort %}{{ a | size }}";
const TOO_SLOW = "Content took too long to render (over 50 ms)";

async function create(token: string, body: unknown) {
  const response = await respond(() =>
    createCampaign(routeArgs(jsonRequest("/api/campaigns", body, { headers: bearer(token) }))),
  );
  return { status: response.status, body: await response.json() };
}

const savedCampaigns = (teamId: string) =>
  getDb().selectFrom("campaigns").select("name").where("teamId", "=", teamId).execute();

describe("the save check renders within the budget", () => {
  test("a nested loop is refused on its field, then the next campaign saves as usual", async () => {
    const user = await createSignedInUser();
    const refused = await create(user.token, { name: "Loop", subject: "Hi", content: `<p>Hi</p>${NESTED_LOOP}` });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: `The content could not be rendered: ${TOO_SLOW}`,
      fields: { content: [TOO_SLOW] },
    });

    const inSubject = await create(user.token, { name: "Loop", subject: NESTED_LOOP, content: "<p>Hi</p>" });
    expect(inSubject.status).toBe(400);
    expect(inSubject.body.fields).toEqual({ subject: [TOO_SLOW] });

    const fine = await create(user.token, {
      name: "Fine",
      subject: "Hi {{ contact.name }}",
      content: "<p>Hi {{ contact.name }}</p>",
    });
    expect(fine.status).toBe(201);
    expect(await savedCampaigns(user.teamId)).toEqual([{ name: "Fine" }]);
  });

  test("work liquidjs cannot interrupt stops the render thread; the refusal names the reason and the next render works", async () => {
    const user = await createSignedInUser();
    const refused = await create(user.token, { name: "Sort", type: "SMS", content: UNINTERRUPTIBLE });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ content: [TOO_SLOW] });

    const fine = await create(user.token, {
      name: "Fine",
      type: "SMS",
      content: "Hi {{ contact.name | default: 'there' }}",
    });
    expect(fine.status).toBe(201);
  });

  test("a message larger than 1 MB is refused with the size", async () => {
    const user = await createSignedInUser();
    const paragraph = `<p>${"All the news that fits. ".repeat(40)}</p>`;
    const refused = await create(user.token, {
      name: "Huge",
      subject: "Hi",
      content: `{% for i in (1..1200) %}${paragraph}{% endfor %}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ content: ["Rendered content is larger than 1024 KB"] });
  });

  test("the trial contact has realistic data: a loop over a number attribute it has is run, not skipped", async () => {
    const user = await createSignedInUser();
    // Empty for a contact without attributes; 12 × 10,000,000 iterations for one with 12 seats.
    const content = "{% for s in (1..contact.attributes.seats) %}{% for i in (1..10000000) %}.{% endfor %}{% endfor %}";
    const refused = await create(user.token, { name: "Seats", type: "SMS", content });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.content[0]).toMatch(
      /^(Content took too long to render \(over 50 ms\)|memory alloc limit exceeded)/,
    );
  });

  test("200 KB of unclosed {{ inside raw (valid Liquid) is prepared in one pass and saved", async () => {
    const user = await createSignedInUser();
    const content = `{% raw %}${"{{".repeat(99_980)}{% endraw %}`;
    for (const contentFormat of ["HTML", "MARKDOWN"]) {
      const saved = await create(user.token, { name: contentFormat, subject: "Hi", content, contentFormat });
      expect(saved.status).toBe(201);
    }
  });

  test("the dialog shows the refusal on the content field, with or without JavaScript", async () => {
    const user = await signedIn();
    const response = await serveDashboard(
      createAction,
      formRequest(
        "/dashboard/broadcasts/new",
        { name: "Loop", type: "SMS", content: NESTED_LOOP, intent: "save" },
        user.cookie,
      ),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toEqual({ content: [TOO_SLOW] });
    expect(body.result.initialValue.content).toBe(NESTED_LOOP);
  });
});

describe("Preview renders within the budget", () => {
  test("a loop over one contact's attribute fails for that contact with the reason, on the field", async () => {
    const user = await signedIn();
    await getDb()
      .insertInto("contacts")
      .values({
        id: newId(),
        teamId: user.teamId,
        name: "Big",
        email: "big@example.com",
        attributes: JSON.stringify({ visits: 100_000 }),
      })
      .execute();
    const content =
      "{% for a in (1..contact.attributes.visits) %}{% for b in (1..contact.attributes.visits) %}x{% endfor %}{% endfor %}";
    const response = await serveDashboard(
      createAction,
      formRequest("/dashboard/broadcasts/new", { name: "Draft", type: "SMS", content, intent: "preview" }, user.cookie),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toEqual({ content: [`For big@example.com: ${TOO_SLOW}`] });
  });
});
