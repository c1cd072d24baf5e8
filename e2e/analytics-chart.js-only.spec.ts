import { expect, test } from "@playwright/test";
import { openEmail, scheduleEmailSoon, sentEmails, waitUntilSent } from "./sent-campaigns.ts";
import { signInWithSessionRow } from "./session-row.ts";

test("hovering a chart shows the nearest day's figures, and leaving it hides them", async ({ page }) => {
  test.setTimeout(90_000);
  const { token } = await signInWithSessionRow(page);
  const headers = { Authorization: `Bearer ${token}` };
  const readers = ["Ada", "Grace"].map((name) => ({ name, email: `${name.toLowerCase()}@murmur.test` }));
  expect((await page.request.post("/api/contacts/import", { headers, data: { contacts: readers } })).status()).toBe(
    200,
  );
  const campaignId = await scheduleEmailSoon(page.request, "Chart digest");
  await waitUntilSent(page.request, [campaignId]);
  // Hits in the first two seconds after sending are put down to scanners; readers take longer.
  await page.waitForTimeout(2_500);
  await openEmail(page.request, (await sentEmails(page.request, campaignId))[0]!);

  await page.goto("/dashboard/analytics?range=7d");
  const chart = page.getByRole("img", { name: "Sent, delivered, opened and clicked" });
  await expect(chart).toBeVisible();
  const box = (await chart.boundingBox())!;
  // Today is the last point, at the right end of the plot (16 of 720 units from the edge).
  await chart.hover({ position: { x: box.width * (700 / 720), y: box.height / 2 } });
  const tooltip = page.getByRole("status").filter({ hasText: "Sent:" });
  await expect(tooltip).toContainText("Sent: 2");
  await expect(tooltip).toContainText("Opened: 1");
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
});
