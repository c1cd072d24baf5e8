import { describe, expect, test } from "vitest";
import { isAppError } from "#server/errors.ts";
import {
  prepareCampaignRenderer,
  type RenderableCampaign,
  type RenderableContact,
  renderCampaignMessage,
} from "#server/content/render.ts";

const base: RenderableCampaign = {
  type: "EMAIL",
  subject: null,
  content: null,
  contentFormat: "HTML",
  whatsappTemplate: null,
  whatsappLanguage: null,
  whatsappParameters: [],
};

const ann: RenderableContact = {
  id: "c1",
  email: "ann@example.com",
  name: "Ann",
  phone: "+14155550100",
  attributes: { plan: "Pro", seats: 3 },
};
const nameless: RenderableContact = { id: "c2", email: "bo@example.com", name: null, phone: null, attributes: {} };

describe("renderCampaignMessage", () => {
  test("EMAIL in HTML: subject and body personalised, names escaped in HTML, a plain-text part", () => {
    const campaign = {
      ...base,
      subject: 'Hello {{ contact.name | default: "there" }}',
      content:
        '<h1>Hi {{ contact.name | default: "there" }}</h1><p>Plan: {{ contact.attributes.plan | default: "Free" }}</p><a href="https://example.com/?e={{ contact.email | url_encode }}">Open</a>',
    };
    expect(renderCampaignMessage(campaign, ann)).toEqual({
      channel: "EMAIL",
      subject: "Hello Ann",
      html: '<h1>Hi Ann</h1><p>Plan: Pro</p><a href="https://example.com/?e=ann%40example.com">Open</a>',
      text: "Hi Ann\n\nPlan: Pro\n\nOpen [https://example.com/?e=ann%40example.com]",
      headers: {},
    });
    const fallback = renderCampaignMessage(campaign, nameless);
    expect(fallback).toMatchObject({ subject: "Hello there", text: expect.stringContaining("Plan: Free") });

    const sneaky = renderCampaignMessage(campaign, { ...ann, name: '<script>alert("x")</script> & Co' });
    if (sneaky.channel !== "EMAIL") throw new Error("expected an email");
    expect(sneaky.html).toContain("<h1>Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co</h1>");
    expect(sneaky.subject).toBe('Hello <script>alert("x")</script> & Co');
  });

  test("EMAIL in Markdown: rendered to HTML with the Liquid intact, contact values never become Markdown", () => {
    const campaign = {
      ...base,
      contentFormat: "MARKDOWN",
      subject: "News",
      content:
        '# Hi {{ contact.name | default: "friend" }}\n\nYou are on **{{ contact.attributes.plan }}**.\n\n{% if contact.phone %}\nWe can text you at {{ contact.phone }}.\n{% endif %}\n\n- first_item_name\n- two',
    };
    const message = renderCampaignMessage(campaign, { ...ann, name: "*Ann*" });
    if (message.channel !== "EMAIL") throw new Error("expected an email");
    expect(message.html).toContain("<h1>Hi *Ann*</h1>");
    expect(message.html).toContain("<strong>Pro</strong>");
    expect(message.html).toContain("We can text you at +14155550100.");
    expect(message.html).toContain("<li>first_item_name</li>");
    expect(message.text).toContain("Hi *Ann*");

    const other = renderCampaignMessage(campaign, nameless);
    if (other.channel !== "EMAIL") throw new Error("expected an email");
    expect(other.html).toContain("<h1>Hi friend</h1>");
    expect(other.html).not.toContain("We can text you");
    expect(other.text).not.toMatch(/\n{3,}/);
  });

  test("SMS: plain text, personalised, not HTML-escaped", () => {
    const campaign = {
      ...base,
      type: "SMS",
      content: 'Hi {{ contact.name | default: "there" }} & welcome to {{ contact.attributes.plan | upcase }}',
    };
    expect(renderCampaignMessage(campaign, ann)).toEqual({ channel: "SMS", body: "Hi Ann & welcome to PRO" });
    expect(renderCampaignMessage(campaign, nameless)).toEqual({ channel: "SMS", body: "Hi there & welcome to " });
  });

  test("WHATSAPP: template and language as stored, each body parameter personalised", () => {
    const campaign = {
      ...base,
      type: "WHATSAPP",
      whatsappTemplate: "spring_sale",
      whatsappLanguage: "en_US",
      whatsappParameters: ['{{ contact.name | default: "there" }}', "{{ contact.attributes.seats }} seats", "SPRING"],
    };
    expect(renderCampaignMessage(campaign, ann)).toEqual({
      channel: "WHATSAPP",
      template: "spring_sale",
      language: "en_US",
      bodyParameters: ["Ann", "3 seats", "SPRING"],
    });
  });

  test("a prepared renderer is reused across contacts without leaking one into the next", () => {
    const render = prepareCampaignRenderer({ ...base, type: "SMS", content: "{{ contact.email }}" });
    const bodies = ["a@x.io", "b@x.io", "c@x.io"].map((email) => render({ ...ann, email }));
    expect(bodies).toEqual(["a@x.io", "b@x.io", "c@x.io"].map((body) => ({ channel: "SMS", body })));
  });

  test("invalid Liquid is an INVALID error naming the field and the reason", () => {
    const attempt = (campaign: RenderableCampaign) => {
      try {
        prepareCampaignRenderer(campaign);
      } catch (error) {
        return error;
      }
      throw new Error("expected an error");
    };
    const unclosed = attempt({ ...base, content: "<p>{% if contact.name %}Hi</p>" });
    expect(isAppError(unclosed) && unclosed.fields).toEqual({
      content: ["tag {% if contact.name %} not closed, line:1, col:4"],
    });
    const filter = attempt({ ...base, subject: "{{ contact.name | shout }}" });
    expect(isAppError(filter) && filter.fields).toEqual({ subject: ["undefined filter: shout, line:1, col:1"] });
  });
});
