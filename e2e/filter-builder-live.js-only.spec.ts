import { expect, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

// With JavaScript the count follows the edits by itself: no Preview button pressed.
test("the count and sample update as the filter is edited", async ({ page }) => {
  await signInWithSessionRow(page);
  const contacts = [
    { name: "Ada Archer", email: "ada@acme.io" },
    { name: "Bob Baker", email: "bob@example.com" },
  ];
  expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);
  await page.goto("/dashboard/segments?tab=filters");
  const panel = page.getByRole("tabpanel");

  await panel.getByLabel("Kind of condition 1").selectOption("Contact field");
  await panel.getByLabel("Field of condition 1").selectOption("Email");
  await panel.getByLabel("Operator of condition 1").selectOption("contains");
  await panel.getByLabel("Value of condition 1").fill("acme");
  await expect(panel.getByText("1 contact matches")).toBeVisible();
  await expect(panel.getByRole("cell", { name: "ada@acme.io" })).toBeVisible();

  await panel.getByLabel("Value of condition 1").fill("a");
  await expect(panel.getByText("2 contacts match")).toBeVisible();

  await panel.getByRole("button", { name: "Remove condition 1" }).click();
  await expect(panel.getByText("No conditions: every contact matches.")).toBeVisible();
  await expect(panel.getByText("2 contacts match")).toBeVisible();
  // Nothing was posted to the page itself: the URL stayed put.
  await expect(page).toHaveURL("/dashboard/segments?tab=filters");
});
