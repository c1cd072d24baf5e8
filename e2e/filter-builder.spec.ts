import { expect, type Page, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// The Event Filter tab, with and without JavaScript: every step below is a plain
// form post when scripts are off (Preview and Add re-render the builder).

test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
  const contacts = [
    { name: "Ada Archer", email: "ada@acme.io" },
    { name: "Bob Baker", email: "bob@example.com" },
    { name: "", email: "carol@acme.io" },
  ];
  expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);
});

const panel = (page: Page) => page.getByRole("tabpanel");
const preview = (page: Page) =>
  page.getByRole("region", { name: "Matching contacts" }).or(panel(page).getByRole("status"));

// Each button submits the builder; the next step waits until that answer has been
// rendered, since a second submission sent while one is in flight carries the form as
// it was (a busy machine otherwise drops a removed condition or a flash toast).
async function press(page: Page, name: string) {
  await panel(page).getByRole("button", { name, exact: true }).click();
  await page.waitForLoadState("networkidle");
}

/**
 * Presses a button whose answer is a toast, and sees it before waiting for the page to
 * settle: with JavaScript a toast goes away after four seconds, which the settling can
 * take on a busy machine.
 */
async function pressForToast(page: Page, name: string, toast: string) {
  await panel(page).getByRole("button", { name, exact: true }).click();
  await expect(notifications(page).getByText(toast)).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("builds a nested filter, previews who matches, saves it and reopens it", async ({ page }) => {
  // About twenty round trips without JavaScript: more than the default allows on a busy machine.
  test.setTimeout(90_000);
  await page.goto("/dashboard/segments?tab=filters");

  // Condition 1: email contains @acme.io.
  await panel(page).getByLabel("Kind of condition 1").selectOption("Contact field");
  await press(page, "Preview");
  await panel(page).getByLabel("Field of condition 1").selectOption("Email");
  await press(page, "Preview");
  await panel(page).getByLabel("Operator of condition 1").selectOption("contains");
  await panel(page).getByLabel("Value of condition 1").fill("@acme.io");
  await press(page, "Preview");
  await expect(panel(page).getByText("2 contacts match")).toBeVisible();
  const sample = panel(page).getByRole("table", { name: "Sample of matching contacts" });
  await expect(sample.getByRole("cell", { name: "ada@acme.io" })).toBeVisible();
  await expect(sample.getByRole("cell", { name: "carol@acme.io" })).toBeVisible();
  await expect(sample.getByRole("cell", { name: "bob@example.com" })).toHaveCount(0);

  // A group: any of (name starts with "ad", name is not set).
  await press(page, "Add group");
  await panel(page).getByLabel("Match in group 2").selectOption("any of");
  await panel(page).getByLabel("Kind of condition 2.1").selectOption("Contact field");
  await press(page, "Preview");
  await panel(page).getByLabel("Operator of condition 2.1").selectOption("starts with");
  await panel(page).getByLabel("Value of condition 2.1").fill("AD");
  await press(page, "Add condition to group 2");
  await panel(page).getByLabel("Kind of condition 2.2").selectOption("Contact field");
  await press(page, "Preview");
  await panel(page).getByLabel("Operator of condition 2.2").selectOption("is not set");
  await press(page, "Preview");
  await expect(panel(page).getByText("2 contacts match")).toBeVisible();

  // A blank value is named where it is.
  await press(page, "Add condition");
  await panel(page).getByLabel("Kind of condition 3").selectOption("Contact field");
  await press(page, "Preview");
  await panel(page).getByLabel("Operator of condition 3").selectOption("equals");
  await press(page, "Preview");
  await expect(panel(page).getByText("Enter a value")).toBeVisible();
  await press(page, "Remove condition 3");
  await press(page, "Preview");
  await expect(panel(page).getByText("2 contacts match")).toBeVisible();

  await panel(page).getByLabel("Segment name").fill("Acme people");
  await pressForToast(page, "Save Segment", "Segment created successfully");
  const card = page.getByRole("article", { name: "Acme people", exact: true });
  await expect(card).toContainText("Filter");
  await expect(card).toContainText("Contacts: 2");

  // Edit reopens the builder with the saved tree; narrowing it changes the card's count.
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(panel(page).getByLabel("Value of condition 1")).toHaveValue("@acme.io");
  await expect(panel(page).getByLabel("Value of condition 2.1")).toHaveValue("AD");
  await expect(panel(page).getByText("2 contacts match")).toBeVisible();
  await press(page, "Remove condition 2.2");
  await press(page, "Preview");
  await expect(panel(page).getByText("1 contact matches")).toBeVisible();
  await pressForToast(page, "Save changes", "Segment updated successfully");
  await expect(page.getByRole("article", { name: "Acme people", exact: true })).toContainText("Contacts: 1");
});

test("a filter without a segment name is not saved, and says why", async ({ page }) => {
  await page.goto("/dashboard/segments?tab=filters");
  await panel(page).getByLabel("Attribute of condition 1").fill("plan");
  await panel(page).getByLabel("Value of condition 1").fill("pro");
  await press(page, "Save Segment");
  await expect(panel(page).getByText("Segment name is required")).toBeVisible();
  await expect(page.getByText("No segments yet. Create your first segment to get started.")).toBeVisible();
  await expect(preview(page).first()).toBeVisible();
});

test("an event condition counts what people did, with a condition on the event's properties", async ({ page }) => {
  test.setTimeout(90_000);
  // Two people identified and tracked through the Segment-compatible API with a write key.
  const created = await page.request.post("/api/write-keys", { data: { name: "Web app" } });
  expect(created.status()).toBe(201);
  const key = (await created.json()).data.key as string;
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  const exported = (userId: string, format: string) => ({
    type: "track",
    userId,
    event: "Report Exported",
    properties: { format },
  });
  const batch = [
    { type: "identify", userId: "u-dee", traits: { email: "dee@acme.io", name: "Dee Dent" } },
    { type: "identify", userId: "u-eve", traits: { email: "eve@acme.io", name: "Eve Ernst" } },
    exported("u-dee", "pdf"),
    exported("u-dee", "pdf"),
    exported("u-eve", "pdf"),
    exported("u-eve", "csv"),
  ];
  expect((await page.request.post("/v1/batch", { data: { batch }, headers })).status()).toBe(200);

  await page.goto("/dashboard/segments?tab=filters");
  await panel(page).getByLabel("Kind of condition 1").selectOption("Event");
  await press(page, "Preview");
  await panel(page).getByLabel("Event of condition 1").fill("Report Exported");
  await panel(page).getByLabel("How often, condition 1").selectOption("at least");
  await panel(page).getByLabel("Times of condition 1").fill("2");
  await panel(page).getByLabel("Time window of condition 1").selectOption("in the last (days)");
  await press(page, "Preview");
  await panel(page).getByLabel("Days of condition 1").fill("30");
  await press(page, "Preview");
  await expect(panel(page).getByText("2 contacts match")).toBeVisible();

  await press(page, "Add property condition to condition 1");
  await panel(page).getByLabel("Property of property 1 of condition 1").fill("format");
  await panel(page).getByLabel("Operator of property 1 of condition 1").selectOption("equals");
  await panel(page).getByLabel("Value of property 1 of condition 1").fill("pdf");
  await press(page, "Preview");
  await expect(panel(page).getByText("1 contact matches")).toBeVisible();
  const sample = panel(page).getByRole("table", { name: "Sample of matching contacts" });
  await expect(sample.getByRole("cell", { name: "Dee Dent" })).toBeVisible();
  await expect(sample.getByRole("cell", { name: "Eve Ernst" })).toHaveCount(0);
});
