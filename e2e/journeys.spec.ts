import { expect, type Page, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { e2eDatabase, signInWithSessionRow } from "./session-row.ts";

// Building the abandoned cart journey in the editor, in both projects: without
// JavaScript every form is a round trip, with it the step forms post in place.
// Messages need not flow here; the figures come from rows written as the engine would.

test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
});

/** Opens the form for a new step of `kind` at the Add step place named `where`, through its GET form. */
async function openNewStep(page: Page, where: string, kind: string) {
  await page.getByLabel(`Kind of step to add ${where}`, { exact: true }).selectOption({ label: kind });
  await page.getByRole("button", { name: `Add step ${where}`, exact: true }).click();
  return page.getByRole("form", { name: `New step ${where}`, exact: true });
}

function stepHeading(page: Page, name: string) {
  return page.getByRole("heading", { name, exact: true });
}

test("builds the abandoned cart journey in the editor, then starts, pauses, resumes and stops it", async ({ page }) => {
  // About twenty round trips: more than the default budget on a busy machine.
  test.slow();
  await page.goto("/dashboard/journeys");
  await expect(page.getByText("No journeys yet. Create your first journey to get started.")).toBeVisible();
  await page.getByRole("link", { name: "New journey" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Abandoned cart");
  await page.getByLabel("Entry event", { exact: true }).fill("Cart Updated");
  await page.getByLabel("Goal event", { exact: true }).fill("Order Completed");
  await page.getByRole("button", { name: "Create journey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Abandoned cart" })).toBeVisible();
  await expect(notifications(page).getByText("Journey created")).toBeVisible();

  const wait = await openNewStep(page, "as the first step", "Wait for an event");
  await wait.getByLabel("Awaited event", { exact: true }).fill("Order Completed");
  await wait.getByLabel("Match property", { exact: true }).fill("cart_id");
  await wait.getByLabel("Give up after, unit", { exact: true }).selectOption({ label: "Hours" });
  // Refused, the new step's form comes back open with the message beside its field and what was typed.
  await wait.getByLabel("Give up after", { exact: true }).fill("0");
  await wait.getByRole("button", { name: "Add step" }).click();
  await expect(wait.getByText("Enter at least 1")).toBeVisible();
  await expect(wait.getByLabel("Awaited event", { exact: true })).toHaveValue("Order Completed");
  await wait.getByLabel("Give up after", { exact: true }).fill("1");
  await wait.getByRole("button", { name: "Add step" }).click();
  await expect(
    stepHeading(page, "Step 1: Wait up to 1 hour for “Order Completed” with the same cart_id"),
  ).toBeVisible();

  const email = await openNewStep(page, "as the first step in step 1: Timed out", "Send a message");
  await email.getByLabel("Subject", { exact: true }).fill("Your cart");
  await email.getByLabel("Content", { exact: true }).fill("<p>Still thinking, {{ contact.name }}?</p>");
  await email.getByRole("button", { name: "Add step" }).click();
  await expect(stepHeading(page, "Step 2: Send email “Your cart”")).toBeVisible();

  const exit = await openNewStep(page, "as the first step in step 1: “Order Completed” came", "Exit");
  await exit.getByRole("button", { name: "Add step" }).click();
  await expect(stepHeading(page, "Step 2: Exit the journey")).toBeVisible();
  await expect(stepHeading(page, "Step 3: Send email “Your cart”")).toBeVisible();

  // A bad value is refused beside its field; a good one is saved.
  await page.getByText("Edit step 1", { exact: true }).click();
  const editWait = page.getByRole("form", { name: "Edit step 1", exact: true });
  await editWait.getByLabel("Give up after", { exact: true }).fill("0");
  await editWait.getByRole("button", { name: "Save step" }).click();
  await expect(page.getByRole("form", { name: "Edit step 1" }).getByText("Enter at least 1")).toBeVisible();
  await page.getByRole("form", { name: "Edit step 1" }).getByLabel("Give up after", { exact: true }).fill("2");
  await page.getByRole("form", { name: "Edit step 1" }).getByRole("button", { name: "Save step" }).click();
  await expect(
    stepHeading(page, "Step 1: Wait up to 2 hours for “Order Completed” with the same cart_id"),
  ).toBeVisible();

  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(notifications(page).getByText("Journey is live")).toBeVisible();
  await expect(page.getByText("Version 1 is live for new contacts.").first()).toBeVisible();
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(notifications(page).getByText("Journey paused")).toBeVisible();
  await page.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(notifications(page).getByText("Journey resumed")).toBeVisible();
  await page.getByText("Stop…", { exact: true }).click();
  await page.getByRole("button", { name: "Stop journey", exact: true }).click();
  await expect(notifications(page).getByText("Journey stopped")).toBeVisible();

  await page.goto("/dashboard/journeys");
  await expect(page.getByRole("row", { name: /Abandoned cart Stopped 0 0 0/ })).toBeVisible();
});

test("the journey page shows the figures the engine keeps, per step", async ({ page }) => {
  const created = await page.request.post("/api/journeys", {
    data: {
      name: "Welcome",
      entry: { type: "contact_created" },
      steps: [
        { id: "hello", type: "send", channel: "EMAIL", subject: "Hello", content: "<p>Hi</p>" },
        { id: "pause", type: "wait", seconds: 86400 },
      ],
    },
  });
  const { data } = (await created.json()) as { data: { id: string } };
  const db = await e2eDatabase();
  await db
    .insertInto("journeyStepStats")
    .values([
      { journeyId: data.id, stepId: "@entry", entered: 4200 },
      { journeyId: data.id, stepId: "@goal", converted: 42 },
      { journeyId: data.id, stepId: "hello", entered: 4200, movedOn: 4100, sent: 4000, skipped: 100 },
      { journeyId: data.id, stepId: "pause", entered: 4100, movedOn: 3000 },
    ])
    .execute();

  await page.goto(`/dashboard/journeys/${data.id}`);
  const table = page.getByRole("table", { name: "Figures per step" });
  await expect(
    table.getByRole("row", { name: /Step 1: Send email “Hello” 4,200 0 4,100 4,000 100 0 0/ }),
  ).toBeVisible();
  await expect(table.getByRole("row", { name: /Step 2: Wait 1 day 4,100 0 3,000 0 0 0 0/ })).toBeVisible();
  await expect(page.getByText("Entered 4200 · Active 0 · Converted 42")).toBeVisible();
});

test("a condition step uses the segments' filter builder: fill a condition, add another, save", async ({ page }) => {
  const created = await page.request.post("/api/journeys", {
    data: { name: "Upsell", entry: { type: "contact_created" }, steps: [{ type: "wait", seconds: 60 }] },
  });
  const { data } = (await created.json()) as { data: { id: string } };
  await page.goto(`/dashboard/journeys/${data.id}`);

  const form = await openNewStep(page, "after step 1", "Branch on a condition");
  await form.getByLabel("Attribute of condition 1", { exact: true }).fill("plan");
  await form.getByLabel("Value of condition 1", { exact: true }).fill("pro");
  await form.getByRole("button", { name: "Add condition" }).click();
  await form.getByLabel("Attribute of condition 2", { exact: true }).fill("country");
  await form.getByLabel("Value of condition 2", { exact: true }).fill("FR");
  await form.getByRole("button", { name: "Add step" }).click();
  await expect(notifications(page).getByText("Step added")).toBeVisible();
  await expect(stepHeading(page, "Step 2: Branch on a condition")).toBeVisible();
  await expect(page.getByRole("region", { name: "Step 2: Yes" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Step 2: No" })).toBeVisible();
  const saved = (await (await page.request.get(`/api/journeys/${data.id}`)).json()) as {
    data: { definition: { steps: { filter?: { conditions: { key: string; value: string }[] } }[] } };
  };
  expect(saved.data.definition.steps[1]!.filter!.conditions.map(({ key, value }) => [key, value])).toEqual([
    ["plan", "pro"],
    ["country", "FR"],
  ]);
});
