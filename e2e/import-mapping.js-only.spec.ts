// Column mapping happens in the browser, so this file runs only in the JavaScript project.
import { expect, test } from "@playwright/test";
import { csvFile, fileInput, openCsvTab } from "./csv-helpers.ts";
import { notifications } from "./helpers.ts";

test("columns can be remapped and Import waits for rows", async ({ page }) => {
  await openCsvTab(page);
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();

  await fileInput(page).setInputFiles(
    csvFile("two-emails.csv", "name,work email,home email\nAda,ada@work.example,ada@home.example\n"),
  );
  await expect(page.getByRole("combobox", { name: "Column work email" })).toHaveValue("email");
  await expect(page.getByRole("combobox", { name: "Column home email" })).toHaveValue("");
  await page.getByRole("combobox", { name: "Column home email" }).selectOption({ label: "Email" });
  await expect(page.getByRole("combobox", { name: "Column work email" })).toHaveValue("");
  await page.getByRole("button", { name: "Import" }).click();

  await expect(notifications(page).getByText("1 contact imported")).toBeVisible();
  await page.goto("/dashboard/contacts");
  await expect(page.getByRole("cell", { name: "ada@home.example", exact: true })).toBeVisible();
});
