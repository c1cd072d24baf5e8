import { expect, type Page, test } from "@playwright/test";
import { newUser, signUpThroughForm } from "./helpers.ts";

// Every test signs up its own team, so the figures it sees are only its own.
test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page, newUser());
});

function statCard(page: Page, title: string) {
  return page.getByRole("group", { name: title, exact: true });
}

/** Seeds through the JSON API, with the browser's session: 3 contacts, 2 segments, 3 campaigns (one scheduled). */
async function seedTeam(page: Page) {
  const contacts = [1, 2, 3].map((i) => ({ name: `Reader ${i}`, email: `reader${i}@example.com`, phone: null }));
  expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);
  const segment = await page.request.post("/api/segments", { data: { name: "Early adopters" } });
  expect(segment.ok()).toBe(true);
  const { data } = (await segment.json()) as { data: { id: string } };
  expect((await page.request.post("/api/segments", { data: { name: "Churned" } })).ok()).toBe(true);
  const campaigns = [
    { name: "Spring newsletter", segmentIds: [], scheduledTime: "" },
    { name: "Beta invite", segmentIds: [data.id], scheduledTime: new Date(Date.now() + 48 * 3600_000).toISOString() },
    { name: "Product update", segmentIds: [], scheduledTime: "" },
  ];
  for (const campaign of campaigns) {
    const response = await page.request.post("/api/campaigns", { data: { type: "EMAIL", subject: "", content: "", ...campaign } });
    expect(response.ok()).toBe(true);
  }
}

test.describe("the dashboard", () => {
  test("a new team sees zeros, the spec's empty text and quick actions that go somewhere", async ({ page }) => {
    await page.goto("/dashboard");

    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(statCard(page, "Total Contacts")).toContainText(/Total Contacts\s*0\s*\+0 new this month/);
    await expect(statCard(page, "Active Campaigns")).toContainText(/Active Campaigns\s*0 of 0 total\s*\+0 new this month/);
    await expect(statCard(page, "Open Rate")).toContainText(/Open Rate\s*0\.0%\s*Nothing sent in the last 60 days/);
    await expect(statCard(page, "Total Segments")).toContainText(/Total Segments\s*0\s*\+0 new this month/);
    await expect(page.getByText("No campaigns yet. Create your first campaign to get started.")).toBeVisible();

    await expect(page.getByRole("link", { name: /Import contacts/ })).toHaveAttribute("href", "/dashboard/segments?tab=csv");
    await expect(page.getByRole("link", { name: /Create a segment/ })).toHaveAttribute("href", "/dashboard/segments/new");
    await expect(page.getByRole("link", { name: /New campaign/ })).toHaveAttribute("href", "/dashboard/broadcasts/new");
  });

  test("the cards and recent campaigns show the team's figures", async ({ page }) => {
    await seedTeam(page);

    await page.goto("/dashboard");

    await expect(statCard(page, "Total Contacts")).toContainText(/Total Contacts\s*3\s*\+3 new this month/);
    // One of the three is SCHEDULED, so active; the analytics stay zero until campaigns are sent.
    await expect(statCard(page, "Active Campaigns")).toContainText(/Active Campaigns\s*1 of 3 total\s*\+3 new this month/);
    await expect(statCard(page, "Open Rate")).toContainText(/Open Rate\s*0\.0%\s*Nothing sent in the last 60 days/);
    await expect(statCard(page, "Total Segments")).toContainText(/Total Segments\s*2\s*\+2 new this month/);

    const recent = page.getByRole("list", { name: "Recent campaigns" }).getByRole("listitem");
    await expect(recent).toHaveCount(3);
    await expect(recent.nth(0)).toContainText("Product update");
    await expect(recent.nth(0)).toContainText("All Users");
    await expect(recent.nth(0)).toContainText("DRAFT");
    await expect(recent.nth(1)).toContainText("Beta invite");
    await expect(recent.nth(1)).toContainText("Early adopters");
    await expect(recent.nth(1)).toContainText("SCHEDULED");
    await expect(recent.nth(2)).toContainText("Spring newsletter");
    await expect(page.getByText("No campaigns yet. Create your first campaign to get started.")).toHaveCount(0);
  });
});
