import { expect, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

test("the campaign editor takes a conversion goal, says which field is wrong, and shows the goal again when editing", async ({
  page,
}) => {
  await signInWithSessionRow(page);
  await page.goto("/dashboard/broadcasts/new");
  await page.getByLabel("Name", { exact: true }).fill("Spring sale");
  await page.getByLabel("Goal event").fill("Order Completed");
  await page.getByLabel("Within days of receiving").fill("200");
  await page.getByLabel("Revenue property").fill("total");
  await page.getByLabel("Property 1", { exact: true }).fill("total");
  await page.getByLabel("Property 1 comparison").selectOption("greater_than");
  await page.getByLabel("Property 1 value").fill("lots");
  await page.getByRole("button", { name: "Create Campaign" }).click();

  // Refused, with or without JavaScript: each message beside its own field, nothing saved.
  await expect(page.getByText("Enter a whole number of days from 1 to 90")).toBeVisible();
  await expect(page.getByText("Expected a number")).toBeVisible();
  await page.getByLabel("Within days of receiving").fill("3");
  await page.getByLabel("Property 1 value").fill("10");
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");

  await page.getByRole("article", { name: "Spring sale", exact: true }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("Edit Campaign")).toBeVisible();
  await expect(page.getByLabel("Goal event")).toHaveValue("Order Completed");
  await expect(page.getByLabel("Within days of receiving")).toHaveValue("3");
  await expect(page.getByLabel("Revenue property")).toHaveValue("total");
  await expect(page.getByLabel("Property 1 comparison")).toHaveValue("greater_than");
  await expect(page.getByLabel("Property 1 value")).toHaveValue("10");
  // A second row, empty, to add another condition.
  await expect(page.getByLabel("Property 2", { exact: true })).toHaveValue("");
});
