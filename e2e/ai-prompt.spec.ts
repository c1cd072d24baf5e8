import { expect, type Page, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

// The AI Prompt tab with the built-in interpreter, with and without JavaScript:
// each test signs up its own team with three contacts, two of them with a phone.
test.beforeEach(async ({ page, request }) => {
  const { token } = await signInWithSessionRow(page);
  const contacts = [
    { name: "Grace Hopper", email: "grace@example.com", phone: "+14155550101" },
    { name: "Alan Turing", email: "alan@example.com", phone: "+14155550102" },
    { name: "Ada Byron", email: "ada@example.com", phone: "" },
  ];
  const imported = await request.post("/api/contacts/import", {
    data: { contacts },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(imported.status()).toBe(200);
});

async function generate(page: Page, prompt: string) {
  await page.goto("/dashboard/segments");
  await page.getByLabel("Describe your audience").fill(prompt);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("heading", { name: "Generated filter" })).toBeVisible();
}

test("a prompt shows its filter in words, what was not understood, the count and the contacts; Save creates the segment", async ({
  page,
}) => {
  await generate(page, "contacts who have a phone and love cats");
  await expect(page).toHaveURL(/\/dashboard\/segments\/ai\?prompt=/);
  await expect(page.getByRole("tab", { name: "AI Prompt" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("phone is set")).toBeVisible();
  await expect(page.getByRole("list", { name: "Not understood" })).toContainText("cats");
  await expect(page.getByText("2 contacts match")).toBeVisible();
  const sample = page.getByRole("list", { name: "Sample contacts" });
  await expect(sample).toContainText("Grace Hopper");
  await expect(sample).toContainText("Alan Turing");
  await expect(sample).not.toContainText("Ada Byron");

  await page.getByRole("button", { name: "Save Segment" }).click();
  const name = page.getByRole("textbox", { name: "Segment name", exact: true });
  await expect(name).toHaveValue("AI Generated Segment");
  // The dialog carries the filter that was shown rather than reading the prompt again.
  await expect(page).toHaveURL(/[?&]filter=/);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/segments");
  await expect(page.getByText("Segment created successfully").first()).toBeVisible();
  await expect(page.getByRole("article", { name: "AI Generated Segment", exact: true })).toContainText("Contacts: 2");
});

test("Edit in builder opens the Event Filter builder on the generated filter", async ({ page }) => {
  await generate(page, "contacts who have a phone");
  await page.getByRole("button", { name: "Edit in builder" }).click();
  await expect(page).toHaveURL("/dashboard/segments?tab=filters");
  await expect(page.getByRole("tab", { name: "Event Filter" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel).toContainText("contacts match");
  await expect(panel.getByRole("table")).toContainText("Grace Hopper");
  await expect(panel.getByRole("table")).not.toContainText("Ada Byron");
});

test("an empty prompt cannot be generated: disabled with JavaScript, explained without", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/dashboard/segments");
  const button = page.getByRole("button", { name: "Generate" });
  if (javaScriptEnabled) {
    await expect(button).toBeDisabled();
    await page.getByLabel("Describe your audience").fill("pro users");
    await expect(button).toBeEnabled();
  } else {
    await button.click();
    await expect(page.getByText("Describe the audience")).toBeVisible();
  }
});

test("a follow-up prompt edits the filter shown instead of starting over", async ({ page }) => {
  await generate(page, "contacts who have a phone");
  await expect(page.getByText("2 contacts match")).toBeVisible();
  await page.getByLabel("Refine this audience").fill("only the ones named Grace");
  await page.getByRole("button", { name: "Refine" }).click();
  await expect(page.getByRole("list", { name: "Follow-ups" })).toContainText("only the ones named Grace");
  await expect(page.getByText("phone is set")).toBeVisible();
  await expect(page.getByText("1 contact matches")).toBeVisible();
  const sample = page.getByRole("list", { name: "Sample contacts" });
  await expect(sample).toContainText("Grace Hopper");
  await expect(sample).not.toContainText("Alan Turing");
  // The prompt is still the one typed; saving keeps the refined filter.
  await expect(page.getByLabel("Describe your audience")).toHaveValue("contacts who have a phone");
  await page.getByRole("button", { name: "Save Segment" }).click();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("article", { name: "AI Generated Segment", exact: true })).toContainText("Contacts: 1");
});

test("a prompt that reads two ways says so and offers the other reading as one click", async ({ page }) => {
  // The contacts were created today: none in the calendar month before this one, all in the last 30 days.
  await generate(page, "contacts who joined last month");
  await expect(page.getByText("0 contacts match")).toBeVisible();
  await expect(page.getByRole("list", { name: "Not understood" })).toContainText('"last month" can mean');
  await page
    .getByRole("list", { name: "Other readings" })
    .getByRole("link", { name: /the last 30 days/ })
    .click();
  await expect(page.getByText("3 contacts match")).toBeVisible();
});
