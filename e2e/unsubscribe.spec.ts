import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { newUser } from "./helpers.ts";
import { contactWithUnsubscribeLink } from "./tracking-links.ts";

test("the unsubscribe link asks once, and one press unsubscribes for good", async ({ page, request }) => {
  const email = `grace-${randomUUID()}@example.com`;
  const { teamName, path } = await contactWithUnsubscribeLink(request, newUser(), email);

  const response = await page.goto(path);
  // Never kept by a shared cache: the page names the team and the reader's address.
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: `Unsubscribe from ${teamName}` })).toBeVisible();
  // The address is shown only as much as its owner needs to recognise it.
  await expect(page.getByText(`Stop receiving emails from ${teamName} at g•••@example.com?`)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByText(`${teamName} will not send you any more emails at g•••@example.com.`)).toBeVisible();
  await expect(page).toHaveURL(path);

  // Opening the link again later: still unsubscribed, and no button to press twice.
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});

test("a link that was cut short says so with a 404, and offers no button", async ({ page, request }) => {
  const { path } = await contactWithUnsubscribeLink(request, newUser(), `cut-${randomUUID()}@example.com`);
  const response = await page.goto(path.slice(0, -6));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});
