import { describe, expect, test } from "vitest";
import { action as editAction } from "#app/routes/dashboard/broadcast-edit.tsx";
import { action as createAction } from "#app/routes/dashboard/broadcast-new.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createCampaign, getCampaign } from "#server/campaigns/campaigns.ts";
import { formRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

type Contact = {
  name: string | null;
  email: string;
  phone?: string | null;
  attributes?: Record<string, unknown>;
  createdAt?: Date;
};

async function addContacts(teamId: string, contacts: Contact[]) {
  await getDb()
    .insertInto("contacts")
    .values(
      contacts.map((c) => ({
        id: newId(),
        teamId,
        name: c.name,
        email: c.email,
        phone: c.phone ?? null,
        attributes: JSON.stringify(c.attributes ?? {}),
        createdAt: c.createdAt,
      })),
    )
    .execute();
}

const preview = (cookie: HeadersInit, fields: Record<string, string>) =>
  serveDashboard(
    createAction,
    formRequest("/dashboard/broadcasts/new", { name: "Draft", intent: "preview", ...fields }, cookie),
  );

describe("the campaign dialog's preview", () => {
  test("renders with the team's oldest contact by default, or the one picked by email, and saves nothing", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await addContacts(user.teamId, [
      { name: "Ann", email: "ann@example.com", attributes: { plan: "Pro" }, createdAt: new Date("2020-01-01") },
      { name: null, email: "Bo@Example.com", createdAt: new Date("2021-01-01") },
    ]);
    await addContacts(other.teamId, [{ name: "Eve", email: "eve@example.com" }]);
    const fields = {
      type: "EMAIL",
      subject: 'Hi {{ contact.name | default: "there" }}',
      content: '<p>Plan: {{ contact.attributes.plan | default: "Free" }}</p>',
    };

    const first = await preview(user.cookie, fields);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.preview).toEqual({
      contact: { name: "Ann", email: "ann@example.com" },
      message: {
        channel: "EMAIL",
        subject: "Hi Ann",
        html: "<p>Plan: Pro</p>",
        text: "Plan: Pro",
        postalAddress: null,
      },
    });
    expect(body.result.initialValue).toMatchObject({ subject: fields.subject, content: fields.content });

    const picked = await (await preview(user.cookie, { ...fields, previewEmail: "bo@example.com" })).json();
    expect(picked.preview.contact).toEqual({ name: null, email: "Bo@Example.com" });
    expect(picked.preview.message).toMatchObject({ subject: "Hi there", html: "<p>Plan: Free</p>" });

    // Another team's contact is as unknown as a made-up one.
    const foreign = await preview(user.cookie, { ...fields, previewEmail: "eve@example.com" });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).result.error).toEqual({ previewEmail: ["No contact in this team has this email"] });

    const saved = await getDb().selectFrom("campaigns").select("id").where("teamId", "=", user.teamId).execute();
    expect(saved).toEqual([]);
  });

  test("email HTML is sanitised for display: scripts, event handlers and javascript: links are gone", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{ name: "<img src=x onerror=alert(1)>", email: "x@example.com" }]);
    const content =
      '<h1 onclick="steal()">Hi {{ contact.name }}</h1><script>alert("x")</script><img src="https://example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">Go</a><a href="https://example.com">Site</a><iframe src="https://evil.test"></iframe>';
    const body = await (await preview(user.cookie, { type: "EMAIL", content })).json();
    const html: string = body.preview.message.html;
    expect(html).toBe(
      '<h1>Hi &lt;img src=x onerror=alert(1)&gt;</h1><img src="https://example.com/a.png" /><a>Go</a><a href="https://example.com">Site</a>',
    );
  });

  test("an email's preview names the postal address its footer will carry", async () => {
    const user = await signedIn();
    await getDb()
      .updateTable("teams")
      .set({ postalAddress: "1 Main Street\nSpringfield" })
      .where("id", "=", user.teamId)
      .execute();
    const email = await (await preview(user.cookie, { type: "EMAIL", content: "<p>Hi</p>" })).json();
    expect(email.preview.message.postalAddress).toBe("1 Main Street\nSpringfield");
    const sms = await (await preview(user.cookie, { type: "SMS", content: "Hi" })).json();
    expect(sms.preview.message).not.toHaveProperty("postalAddress");
  });

  test("Markdown is rendered, with the contact's attributes", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{ name: "Ann", email: "ann@example.com", attributes: { plan: "Pro" } }]);
    const body = await (
      await preview(user.cookie, {
        type: "EMAIL",
        contentFormat: "MARKDOWN",
        content: "# Welcome {{ contact.name }}\n\nYou are on **{{ contact.attributes.plan }}**.",
      })
    ).json();
    expect(body.preview.message.html).toBe("<h1>Welcome Ann</h1>\n<p>You are on <strong>Pro</strong>.</p>\n");
  });

  test("SMS shows the personalised text and its count, so the count works without JavaScript", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{ name: "Zoë", email: "z@example.com", phone: "+14155550100" }]);
    const body = await (
      await preview(user.cookie, { type: "SMS", content: "Hi {{ contact.name }} 👋 {{ contact.phone }}" })
    ).json();
    expect(body.preview.message).toEqual({
      channel: "SMS",
      body: "Hi Zoë 👋 +14155550100",
      count: { encoding: "UCS-2", characters: 22, segments: 1, perSegment: 70, remaining: 48 },
    });
  });

  test("WhatsApp parameters come one per line and are personalised", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{ name: "Ann", email: "ann@example.com", attributes: { code: "SPRING" } }]);
    const body = await (
      await preview(user.cookie, {
        type: "WHATSAPP",
        "whatsapp.template": "spring_sale",
        "whatsapp.language": "en_US",
        "whatsapp.parameters": '{{ contact.name | default: "there" }}\r\n\r\n{{ contact.attributes.code }}\r\n',
      })
    ).json();
    expect(body.preview).toEqual({
      contact: { name: "Ann", email: "ann@example.com" },
      message: { channel: "WHATSAPP", template: "spring_sale", language: "en_US", bodyParameters: ["Ann", "SPRING"] },
    });
  });

  test("Liquid that is valid but fails for this contact is a 400 on the field naming them, never a 500", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{ name: "Big", email: "big@example.com", attributes: { n: 100_000_000 } }]);
    const response = await preview(user.cookie, {
      type: "SMS",
      content: "{% for i in (1..contact.attributes.n) %}x{% endfor %}",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toEqual({ content: ["For big@example.com: memory alloc limit exceeded, line:1, col:1"] });
    expect(body.toasts[0].description).toBe(
      "The message could not be made for big@example.com: memory alloc limit exceeded, line:1, col:1",
    );
  });

  test("with no contacts yet, the preview shows the defaults and says so", async () => {
    const user = await signedIn();
    const body = await (
      await preview(user.cookie, { type: "SMS", content: 'Hi {{ contact.name | default: "there" }}' })
    ).json();
    expect(body.preview).toMatchObject({ contact: null, message: { body: "Hi there" } });
  });
});

describe("saving content from the dialog", () => {
  test("invalid Liquid is shown on its field with the reason; the typed content comes back", async () => {
    const user = await signedIn();
    const content = "Hi {{ contact.name | nope }}";
    const response = await serveDashboard(
      createAction,
      formRequest("/dashboard/broadcasts/new", { name: "Bad", type: "SMS", content, intent: "save" }, user.cookie),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toEqual({ content: ["undefined filter: nope, line:1, col:4"] });
    expect(body.result.initialValue.content).toBe(content);
    expect(body.toasts[0]).toMatchObject({ title: "Error", description: "The content is not valid Liquid." });
  });

  test("format and WhatsApp fields are saved from the form and loaded back", async () => {
    const user = await signedIn();
    const created = await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: { name: "WA", type: "EMAIL", segmentIds: [] },
    });
    const response = await serveDashboard(
      editAction,
      formRequest(
        `/dashboard/broadcasts/${created.id}/edit`,
        {
          name: "WA",
          type: "WHATSAPP",
          "whatsapp.template": "promo",
          "whatsapp.language": "pt_BR",
          "whatsapp.parameters": "Olá {{ contact.name }}\nPROMO",
        },
        user.cookie,
      ),
      { id: created.id },
    );
    expect(response.status).toBe(302);
    expect(await getCampaign(getDb(), { teamId: user.teamId, campaignId: created.id })).toMatchObject({
      type: "WHATSAPP",
      whatsapp: { template: "promo", language: "pt_BR", parameters: ["Olá {{ contact.name }}", "PROMO"] },
    });
  });
});
