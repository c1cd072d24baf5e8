import { describe, expect, test } from "vitest";
import { action as campaignAction, loader as getCampaign } from "#app/routes/api/campaign.ts";
import { action as schedule } from "#app/routes/api/campaign-schedule.ts";
import { action as createCampaign } from "#app/routes/api/campaigns.ts";
import { getDb } from "#db/database.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

const inADay = () => new Date(Date.now() + 24 * 3600_000).toISOString();

async function call(run: () => unknown) {
  const response = await respond(run);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const create = (token: string, body: unknown) =>
  call(() => createCampaign(routeArgs(jsonRequest("/api/campaigns", body, { headers: bearer(token) }))));
const put = (token: string, id: string, body: unknown) =>
  call(() =>
    campaignAction(
      routeArgs(jsonRequest(`/api/campaigns/${id}`, body, { method: "PUT", headers: bearer(token) }), {
        params: { id },
      }),
    ),
  );
const get = (token: string, id: string) =>
  call(() => getCampaign(routeArgs(getRequest(`/api/campaigns/${id}`, bearer(token)), { params: { id } })));
const scheduleAt = (token: string, id: string, scheduledTime: string) =>
  call(() =>
    schedule(
      routeArgs(jsonRequest(`/api/campaigns/${id}/schedule`, { scheduledTime }, { headers: bearer(token) }), {
        params: { id },
      }),
    ),
  );

describe("campaign content in the API", () => {
  test("EMAIL keeps its format; the spec's fields alone still work and default to HTML", async () => {
    const user = await createSignedInUser();
    const spec = await create(user.token, {
      name: "Spec",
      type: "EMAIL",
      subject: "Hi",
      content: "<p>Hi</p>",
      segmentIds: [],
      scheduledTime: "",
    });
    expect(spec.status).toBe(201);
    expect(spec.body.data).toMatchObject({ contentFormat: "HTML", whatsapp: null, content: "<p>Hi</p>" });

    const markdown = await create(user.token, {
      name: "News",
      subject: "News",
      content: "# Hi {{ contact.name }}",
      contentFormat: "MARKDOWN",
    });
    expect(markdown.status).toBe(201);
    expect((await get(user.token, markdown.body.data.id)).body.data).toMatchObject({
      contentFormat: "MARKDOWN",
      content: "# Hi {{ contact.name }}",
    });

    const badFormat = await create(user.token, { name: "X", contentFormat: "RTF" });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.fields).toEqual({ contentFormat: ["contentFormat must be HTML or MARKDOWN"] });
  });

  test("WHATSAPP: template, language and parameters are stored and returned; bad ones are named", async () => {
    const user = await createSignedInUser();
    const whatsapp = {
      template: "spring_sale",
      language: "en_US",
      parameters: ['{{ contact.name | default: "there" }}', "20%"],
    };
    const created = await create(user.token, { name: "WA", type: "WHATSAPP", whatsapp });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ type: "WHATSAPP", whatsapp });

    const bad = await create(user.token, {
      name: "WA",
      type: "WHATSAPP",
      whatsapp: { template: "Spring Sale!", language: "English", parameters: ["ok", "two\nlines", " "] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      "whatsapp.template": ["Template names use lowercase letters, digits and underscores, as in WhatsApp Manager"],
      "whatsapp.language": ["Use the template's language code, such as en or en_US"],
      "whatsapp.parameters.1": ["A parameter cannot contain line breaks or tabs"],
      "whatsapp.parameters.2": ["A parameter cannot be empty"],
    });

    // Switching to another channel drops the WhatsApp columns.
    const switched = await put(user.token, created.body.data.id, { name: "WA", type: "SMS", content: "Hi", whatsapp });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ type: "SMS", whatsapp: null });
  });

  test("a WhatsApp campaign cannot be scheduled without its template and language", async () => {
    const user = await createSignedInUser();
    const draft = await create(user.token, { name: "WA", type: "WHATSAPP", content: "spec-style content" });
    expect(draft.status).toBe(201);
    const refused = await scheduleAt(user.token, draft.body.data.id, inADay());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "A WhatsApp campaign needs its template name and language before it can be scheduled.",
    );
    expect(refused.body.fields).toMatchObject({
      "whatsapp.template": [expect.any(String)],
      "whatsapp.language": [expect.any(String)],
    });

    const inForm = await create(user.token, {
      name: "WA",
      type: "WHATSAPP",
      whatsapp: { template: "promo" },
      scheduledTime: inADay(),
    });
    expect(inForm.status).toBe(400);
    expect(inForm.body.fields).toEqual({
      "whatsapp.language": ["A WhatsApp campaign needs the template's language before it can be scheduled"],
    });

    const ready = await put(user.token, draft.body.data.id, {
      name: "WA",
      type: "WHATSAPP",
      whatsapp: { template: "promo", language: "en" },
    });
    expect(ready.status).toBe(200);
    expect((await scheduleAt(user.token, draft.body.data.id, inADay())).body.data).toMatchObject({
      state: "SCHEDULED",
    });
  });

  test("invalid Liquid is a 400 naming the field and the reason, never a 500, and saves nothing", async () => {
    const user = await createSignedInUser();
    const email = await create(user.token, {
      name: "Bad",
      subject: "Hi {{ contact.name | shout }}",
      content: "<p>{% if contact.name %}Hi</p>",
    });
    expect(email.status).toBe(400);
    expect(email.body).toEqual({
      message: "The subject and content are not valid Liquid.",
      fields: {
        subject: ["undefined filter: shout, line:1, col:4"],
        content: ["tag {% if contact.name %} not closed, line:1, col:4"],
      },
    });

    const include = await create(user.token, { name: "Bad", type: "SMS", content: "{% include 'secrets' %}" });
    expect(include.status).toBe(400);
    expect(include.body.fields).toEqual({
      content: ["include, render and layout cannot load other templates in a campaign"],
    });

    const parameter = await create(user.token, {
      name: "Bad",
      type: "WHATSAPP",
      whatsapp: { template: "t", language: "en", parameters: ["ok", "{{ contact.name"] },
    });
    expect(parameter.status).toBe(400);
    expect(parameter.body.fields["whatsapp.parameters"]).toEqual([
      expect.stringMatching(/^Parameter 2 \(\{\{2\}\}\): output "\{\{ contact.name" not closed/),
    ]);

    const list = await getDb().selectFrom("campaigns").select("id").where("teamId", "=", user.teamId).execute();
    expect(list).toEqual([]);
  });

  test("SMS: longer than 10 segments is refused with the count; line breaks are stored as typed", async () => {
    const user = await createSignedInUser();
    const long = await create(user.token, { name: "Long", type: "SMS", content: "a".repeat(153 * 10 + 1) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({
      content: ["An SMS can be at most 10 segments; this one is 11 (1531 GSM-7 characters)"],
    });

    const emoji = await create(user.token, { name: "Emoji", type: "SMS", content: "🎉".repeat(336) });
    expect(emoji.status).toBe(400);
    expect(emoji.body.fields.content[0]).toContain("UCS-2");

    const lines = await create(user.token, { name: "Lines", type: "SMS", content: "Hi\r\nthere" });
    expect(lines.body.data.content).toBe("Hi\nthere");
  });
});
