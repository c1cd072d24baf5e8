import { expect, type Page, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";
import { clickEmail, openEmail, scheduleEmailSoon, sentEmails, waitUntilSent } from "./sent-campaigns.ts";

// Every test signs up its own team, so the figures it sees are only its own.
test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
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
    const response = await page.request.post("/api/campaigns", {
      data: { type: "EMAIL", subject: "", content: "", ...campaign },
    });
    expect(response.ok()).toBe(true);
  }
}

test.describe("the dashboard", () => {
  test("a new team sees zeros, the spec's empty text and quick actions that go somewhere", async ({ page }) => {
    await page.goto("/dashboard");

    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(statCard(page, "Total Contacts")).toContainText(/Total Contacts\s*0\s*\+0 new this month/);
    await expect(statCard(page, "Active Campaigns")).toContainText(
      /Active Campaigns\s*0 of 0 total\s*\+0 new this month/,
    );
    await expect(statCard(page, "Open Rate")).toContainText(/Open Rate\s*0\.0%\s*Nothing sent in the last 60 days/);
    await expect(statCard(page, "Total Segments")).toContainText(/Total Segments\s*0\s*\+0 new this month/);
    await expect(page.getByText("No campaigns yet. Create your first campaign to get started.")).toBeVisible();

    await expect(page.getByRole("link", { name: /Import contacts/ })).toHaveAttribute(
      "href",
      "/dashboard/segments?tab=csv",
    );
    await expect(page.getByRole("link", { name: /Create a segment/ })).toHaveAttribute(
      "href",
      "/dashboard/segments/new",
    );
    await expect(page.getByRole("link", { name: /New campaign/ })).toHaveAttribute("href", "/dashboard/broadcasts/new");
  });

  test("the cards and recent campaigns show the team's figures", async ({ page }) => {
    await seedTeam(page);

    await page.goto("/dashboard");

    await expect(statCard(page, "Total Contacts")).toContainText(/Total Contacts\s*3\s*\+3 new this month/);
    // One of the three is SCHEDULED, so active (and none was in the 30 days before); the analytics stay zero until
    // campaigns are sent.
    await expect(statCard(page, "Active Campaigns")).toContainText(
      /Active Campaigns\s*1 of 3 total\s*\+1 new this month/,
    );
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

  test("sent campaigns' opens, clicks and rates, and the 4 newest of 5 campaigns", async ({ page }) => {
    test.setTimeout(90_000);
    const contacts = [1, 2, 3, 4].map((i) => ({ name: `Reader ${i}`, email: `reader${i}@example.com`, phone: null }));
    expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);
    const draft = (name: string, scheduledTime = "") =>
      page.request.post("/api/campaigns", { data: { name, type: "EMAIL", segmentIds: [], scheduledTime } });
    // The oldest of five, so not among the recent four.
    expect((await draft("Old draft")).ok()).toBe(true);
    const spring = await scheduleEmailSoon(page.request, "Spring sale");
    const welcome = await scheduleEmailSoon(page.request, "Welcome");
    await waitUntilSent(page.request, [spring, welcome]);
    expect((await draft("Product update")).ok()).toBe(true);
    expect((await draft("Beta invite", new Date(Date.now() + 48 * 3600_000).toISOString())).ok()).toBe(true);

    // Hits in the first two seconds after sending are counted as scanners, not people.
    await page.waitForTimeout(2_500);
    const springEmails = await sentEmails(page.request, spring);
    const welcomeEmails = await sentEmails(page.request, welcome);
    expect([springEmails.length, welcomeEmails.length]).toEqual([4, 4]);
    // Spring sale: 3 of 4 people open it (one only by clicking, which counts as an open), 2 click.
    await openEmail(page.request, springEmails[0]!);
    await clickEmail(page.request, springEmails[0]!);
    await openEmail(page.request, springEmails[1]!);
    await openEmail(page.request, springEmails[1]!);
    await clickEmail(page.request, springEmails[2]!);
    // Welcome: 2 of 4 open it, nobody clicks.
    await openEmail(page.request, welcomeEmails[0]!);
    await openEmail(page.request, welcomeEmails[3]!);

    await page.goto("/dashboard");

    await expect(statCard(page, "Total Contacts")).toContainText(/Total Contacts\s*4\s*\+4 new this month/);
    // Beta invite is scheduled: 1 active of 5. Active at some time in the last 30 days: it and the two sent.
    await expect(statCard(page, "Active Campaigns")).toContainText(
      /Active Campaigns\s*1 of 5 total\s*\+3 new this month/,
    );
    // 5 opened of 8 sent, pooled over both SENT campaigns; nothing was sent in the 30 days before.
    await expect(statCard(page, "Open Rate")).toContainText(/Open Rate\s*62\.5%\s*\+62\.5 pts from last month/);

    const recent = page.getByRole("list", { name: "Recent campaigns" }).getByRole("listitem");
    await expect(recent).toHaveCount(4);
    const metrics = (name: string) => page.getByRole("listitem", { name }).getByRole("definition");
    await expect(recent.nth(0)).toContainText(/Beta invite\s*SCHEDULED\s*All Users/);
    await expect(metrics("Beta invite")).toHaveText(["0", "0"]);
    await expect(recent.nth(1)).toContainText(/Product update\s*DRAFT/);
    await expect(recent.nth(2)).toContainText(/Welcome\s*SENT\s*All Users/);
    // Opens, Clicks and, as opens are above 0, the click-through rate: clicks / opens.
    await expect(metrics("Welcome")).toHaveText(["2", "0", "0.0%"]);
    await expect(recent.nth(3)).toContainText(/Spring sale\s*SENT/);
    await expect(metrics("Spring sale")).toHaveText(["3", "2", "66.7%"]);
    await expect(page.getByRole("listitem", { name: "Old draft" })).toHaveCount(0);

    // The Broadcasts summary agrees: 2 SENT campaigns, 8 emails, 5 / 8 opened, 2 / 8 clicked.
    await page.goto("/dashboard/broadcasts");
    await expect(page.getByLabel("Sent campaigns summary")).toContainText(
      /Total Campaigns\s*2\s*Emails Sent\s*8\s*Avg Open Rate\s*62\.5%\s*Avg Click Rate\s*25\.0%/,
    );
  });
});
