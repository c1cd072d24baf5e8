import { expect, type Page, test } from "@playwright/test";
import { notifications, openNewCampaign } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// The campaign dialog's content, with and without JavaScript: each channel's fields,
// Liquid checked on save, and Preview rendering for a real contact of the team.

test.beforeEach(async ({ page }) => {
  const { token } = await signInWithSessionRow(page);
  // The team's one contact, added through the JSON API: Preview renders for them.
  const imported = await page.request.post("/api/contacts/import", {
    data: { contacts: [{ name: "Grace Hopper", email: "grace@murmur.test", phone: "+14155550100" }] },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(imported.status()).toBe(200);
});

async function startCampaign(page: Page, name: string, type: string) {
  await openNewCampaign(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Type").selectOption(type);
}

const preview = (page: Page) => page.getByRole("region", { name: "Preview" });

test("an email in Markdown is previewed for a real contact, sanitised, then saved with its format", async ({
  page,
}) => {
  await startCampaign(page, "Welcome", "EMAIL");
  await page.getByLabel("Subject").fill('Hi {{ contact.name | default: "there" }}');
  await page.getByLabel("Email format").selectOption("MARKDOWN");
  await page
    .getByLabel("Content", { exact: true })
    .fill(
      "# Welcome {{ contact.name }}\n\nYour number: **{{ contact.phone }}**\n\n<script>document.title = 'owned'</script>[Click](javascript:alert(1))",
    );
  await page.getByRole("button", { name: "Preview" }).click();

  await expect(preview(page).getByText("As Grace Hopper, grace@murmur.test would get it.")).toBeVisible();
  await expect(preview(page).getByText("Hi Grace Hopper")).toBeVisible();
  const email = page.frameLocator('iframe[title="Email preview"]');
  await expect(email.getByRole("heading", { name: "Welcome Grace Hopper" })).toBeVisible();
  await expect(email.getByText("+14155550100")).toBeVisible();
  await expect(email.locator("script")).toHaveCount(0);
  await expect(email.getByText("Click")).not.toHaveAttribute("href", /javascript/);
  await expect(preview(page).getByText("Your team has no postal address yet.")).toBeVisible();
  // What was typed is still in the form.
  await expect(page.getByLabel("Email format")).toHaveValue("MARKDOWN");
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(/^# Welcome \{\{ contact\.name \}\}/);

  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  await expect(notifications(page).getByText("Campaign created successfully")).toBeVisible();
  await page.getByRole("article", { name: "Welcome" }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Email format")).toHaveValue("MARKDOWN");
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(/^# Welcome/);
});

test("an SMS shows its character and segment count, and its preview the personalised text's", async ({ page }) => {
  await startCampaign(page, "Flash sale", "SMS");
  await page.getByLabel("Content", { exact: true }).fill("Hi {{ contact.name }} 👋");
  await page.getByRole("button", { name: "Preview" }).click();

  await expect(page.getByTestId("sms-preview")).toHaveText("Hi Grace Hopper 👋");
  await expect(preview(page).getByText("This message: 18/70 characters · 1 segment · UCS-2")).toBeVisible();
  await expect(page.getByTestId("sms-count")).toHaveText(
    "SMS: 24/70 characters · 1 segment · UCS-2, 46 left in this segment",
  );

  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(notifications(page).getByText("Campaign created successfully")).toBeVisible();
});

test("a WhatsApp campaign names its approved template, language and body parameters", async ({ page }) => {
  await startCampaign(page, "Spring WA", "WHATSAPP");
  await page.getByLabel("Template name").fill("Spring Sale!");
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(
    page.getByText("Template names use lowercase letters, digits and underscores, as in WhatsApp Manager"),
  ).toBeVisible();

  await page.getByLabel("Template name").fill("spring_sale");
  await page.getByLabel("Language code").fill("en_US");
  await page.getByLabel("Body parameters").fill('{{ contact.name | default: "there" }}\n20%');
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(preview(page).getByText("spring_sale · en_US")).toBeVisible();
  await expect(preview(page).getByRole("listitem")).toHaveText(["{{1}} Grace Hopper", "{{2}} 20%"]);

  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  const card = page.getByRole("article", { name: "Spring WA" });
  await card.getByRole("button", { name: /^Schedule/ }).click();
  await expect(notifications(page).getByText("Campaign scheduled successfully")).toBeVisible();

  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Template name")).toHaveValue("spring_sale");
  await expect(page.getByLabel("Language code")).toHaveValue("en_US");
  await expect(page.getByLabel("Body parameters")).toHaveValue('{{ contact.name | default: "there" }}\n20%');
});

test("Liquid that does not parse is explained on its field, and nothing typed is lost", async ({ page }) => {
  await startCampaign(page, "Broken", "EMAIL");
  await page.getByLabel("Content", { exact: true }).fill("<p>{% if contact.name %}Hi</p>");
  await page.getByRole("button", { name: "Create Campaign" }).click();

  await expect(page.getByText("tag {% if contact.name %} not closed, line:1, col:4")).toBeVisible();
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue("<p>{% if contact.name %}Hi</p>");
  await page.goto("/dashboard/broadcasts");
  await expect(page.getByText("No campaigns yet. Create your first campaign to get started.")).toBeVisible();
});

test("a template that would stall sending (a nested loop) is refused on its field by the built server's render threads", async ({
  page,
}) => {
  const loop = "{% for a in (1..10000) %}{% for b in (1..10000) %}x{% endfor %}{% endfor %}";
  await startCampaign(page, "Loop", "SMS");
  await page.getByLabel("Content", { exact: true }).fill(loop);
  await page.getByRole("button", { name: "Create Campaign" }).click();

  await expect(page.getByText("Content took too long to render (over 50 ms)", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(loop);
  // The server carries on: a normal campaign is saved next.
  await page.getByLabel("Content", { exact: true }).fill('Hi {{ contact.name | default: "friend" }}');
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(notifications(page).getByText("Campaign created successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: "Loop" })).toBeVisible();
});

test("Preview as another contact: an email that is not the team's is refused on the field", async ({ page }) => {
  await startCampaign(page, "Who", "SMS");
  await page.getByLabel("Content", { exact: true }).fill('Hi {{ contact.name | default: "friend" }}');
  await page.getByLabel("Preview as (contact email)").fill("nobody@murmur.test");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("No contact in this team has this email")).toBeVisible();

  await page.getByLabel("Preview as (contact email)").fill("GRACE@murmur.test");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("sms-preview")).toHaveText("Hi Grace Hopper");
});
