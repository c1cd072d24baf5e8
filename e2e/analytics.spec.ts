import { expect, test } from "@playwright/test";
import { clickEmail, openEmail, scheduleEmailSoon, sentEmails, waitUntilSent } from "./sent-campaigns.ts";
import { signInWithSessionRow } from "./session-row.ts";

test("after a send through the outbox, Analytics shows what readers did, with counts beside rates, and filters by GET", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token } = await signInWithSessionRow(page);
  const headers = { Authorization: `Bearer ${token}` };
  const readers = ["Ada", "Grace", "Linus"].map((name) => ({ name, email: `${name.toLowerCase()}@murmur.test` }));
  expect((await page.request.post("/api/contacts/import", { headers, data: { contacts: readers } })).status()).toBe(
    200,
  );
  const campaignId = await scheduleEmailSoon(page.request, "Winter digest");
  await waitUntilSent(page.request, [campaignId]);
  // Hits in the first two seconds after sending are put down to scanners; readers take longer.
  await page.waitForTimeout(2_500);
  const emails = await sentEmails(page.request, campaignId);
  expect(emails).toHaveLength(3);
  await openEmail(page.request, emails[0]!);
  await openEmail(page.request, emails[1]!);
  await clickEmail(page.request, emails[1]!);

  await page.goto("/dashboard/analytics");
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  const figures = page.getByTestId("headline-figures");
  await expect(figures.getByTestId("figure-Sent")).toHaveText("3");
  await expect(figures.getByTestId("figure-Unique opens")).toHaveText("2");
  await expect(figures.getByTestId("figure-Unique clicks")).toHaveText("1");
  await expect(figures.getByTestId("figure-Open rate")).toHaveText("66.7%");
  await expect(figures.getByText("2 of 3 sent")).toBeVisible();
  await expect(page.getByRole("img", { name: "Sent, delivered, opened and clicked" })).toBeVisible();
  const campaigns = page.getByTestId("campaigns-table");
  await expect(campaigns.getByRole("row", { name: /Winter digest/ })).toContainText("66.7% (2)");

  // The filters are a GET form: the view is a link, with or without JavaScript.
  await page.getByLabel("Range", { exact: true }).selectOption("7d");
  await page.getByLabel("Channel", { exact: true }).selectOption("SMS");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/range=7d.*channel=SMS/);
  await expect(page.getByTestId("figure-Sent")).toHaveText("0");
  await expect(page.getByText("Nothing was sent or opened in this range.")).toBeVisible();

  await page.goto(`/dashboard/broadcasts/${campaignId}`);
  await expect(page.getByRole("heading", { name: "Opens and clicks over time" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Opens and clicks over time" })).toBeVisible();
});
