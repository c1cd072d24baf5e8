import { expect, type Page, test } from "@playwright/test";
import { notifications, openNewCampaign } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// Every test signs up its own team, so the campaigns it sees are only its own.
test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
});

function campaignCard(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

async function createCampaignThroughDialog(
  page: Page,
  fields: { name: string; subject?: string; type?: string; segment?: string },
) {
  await page.goto("/dashboard/broadcasts");
  await page.getByRole("link", { name: "Create Campaign" }).click();
  await expect(page.getByText("Create New Campaign")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  if (fields.type) await page.getByLabel("Type").selectOption(fields.type);
  if (fields.subject) await page.getByLabel("Subject").fill(fields.subject);
  if (fields.segment) await page.getByRole("checkbox", { name: fields.segment }).check();
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
}

test("starts empty, with the summary at zero", async ({ page }) => {
  await page.goto("/dashboard/broadcasts");

  await expect(page.getByText("No campaigns yet. Create your first campaign to get started.")).toBeVisible();
  await expect(page.getByText("Total Campaigns")).toBeVisible();
  await expect(page.getByText("Avg Open Rate")).toBeVisible();
  await expect(page.getByText("0.0%")).toHaveCount(2);
});

test("create, edit, schedule, unschedule and delete a campaign", async ({ page }) => {
  await page.goto("/dashboard/segments");
  await page.getByRole("link", { name: "Create Segment" }).click();
  await page.getByRole("textbox", { name: "Segment name", exact: true }).fill("VIP");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/segments");

  await createCampaignThroughDialog(page, { name: "Spring launch", segment: "VIP", type: "SMS" });
  await expect(notifications(page).getByText("Campaign created successfully")).toBeVisible();
  let card = campaignCard(page, "Spring launch");
  await expect(card).toContainText("DRAFT");
  await expect(card).toContainText("No subject");
  await expect(card).toContainText("VIP");

  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("Edit Campaign")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Spring launch");
  await expect(page.getByRole("checkbox", { name: "VIP" })).toBeChecked();
  await page.getByLabel("Name", { exact: true }).fill("Summer launch");
  await page.getByLabel("Subject").fill("Hello summer");
  await page.getByRole("checkbox", { name: "VIP" }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  await expect(notifications(page).getByText("Campaign updated successfully")).toBeVisible();
  card = campaignCard(page, "Summer launch");
  await expect(card).toContainText("Hello summer");
  await expect(card).toContainText("All Users");

  await card.getByRole("button", { name: /^Schedule/ }).click();
  await expect(notifications(page).getByText("Campaign scheduled successfully")).toBeVisible();
  await expect(card).toContainText("SCHEDULED");
  await expect(card).toContainText("Scheduled for");
  await expect(card.getByRole("button", { name: /^Schedule/ })).toBeDisabled();

  await card.getByRole("button", { name: "Unschedule" }).click();
  await expect(card).toContainText("DRAFT");
  await expect(card.getByRole("button", { name: /^Schedule/ })).toBeEnabled();

  await card.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByText("Are you sure you want to delete this campaign?")).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  await expect(notifications(page).getByText("Campaign deleted successfully")).toBeVisible();
  await expect(page.getByText("No campaigns yet. Create your first campaign to get started.")).toBeVisible();
});

test("a blank name is explained on the field", async ({ page }) => {
  await openNewCampaign(page);
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
});

test("schedules at a chosen time, shown in UTC", async ({ page }) => {
  await createCampaignThroughDialog(page, { name: "Later" });
  const card = campaignCard(page, "Later");
  await card.getByRole("link", { name: "Pick a time" }).click();
  await expect(page.getByText("UTC", { exact: true })).toBeVisible();
  await page.getByLabel("Send at").fill("2099-01-31T09:30");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  await expect(card).toContainText("Scheduled for Jan 31, 2099, 9:30 AM UTC");
});

test("a team in Paris schedules by its own clock, on either side of the change to summer time", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await page.getByLabel("Time zone").selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save team settings" }).click();
  await expect(notifications(page).getByText("Team settings saved")).toBeVisible();

  // Paris moves to summer time on 29 March 2099: 09:30 is UTC+1 the day before, UTC+2 that day.
  const times = [
    {
      name: "Winter morning",
      wallClock: "2099-03-28T09:30",
      shown: "Mar 28, 2099, 9:30 AM Europe/Paris",
      instant: "2099-03-28T08:30:00.000Z",
    },
    {
      name: "Summer morning",
      wallClock: "2099-03-29T09:30",
      shown: "Mar 29, 2099, 9:30 AM Europe/Paris",
      instant: "2099-03-29T07:30:00.000Z",
    },
  ];
  for (const time of times) {
    await createCampaignThroughDialog(page, { name: time.name });
    const card = campaignCard(page, time.name);
    await card.getByRole("link", { name: "Pick a time" }).click();
    await expect(page.getByText("Europe/Paris", { exact: true })).toBeVisible();
    await page.getByLabel("Send at").fill(time.wallClock);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page).toHaveURL("/dashboard/broadcasts");
    await expect(card).toContainText(`Scheduled for ${time.shown}`);
  }
  // The instants stored, as the API gives them.
  const { data } = (await (await page.request.get("/api/campaigns")).json()) as {
    data: { name: string; scheduledAt: string }[];
  };
  expect(Object.fromEntries(data.map((campaign) => [campaign.name, campaign.scheduledAt]))).toEqual(
    Object.fromEntries(times.map((time) => [time.name, time.instant])),
  );
});

test("the first segment chosen stays the one the list shows when another is ticked later", async ({ page }) => {
  // Alpha first, so the dialog (newest segments first) lists Beta above it.
  for (const name of ["Alpha", "Beta"])
    expect((await page.request.post("/api/segments", { data: { name } })).ok()).toBe(true);
  await createCampaignThroughDialog(page, { name: "Ordered", segment: "Alpha" });
  const card = campaignCard(page, "Ordered");
  await expect(card).toContainText("Alpha");

  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("checkbox", { name: "Alpha" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Beta" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  await expect(card).toContainText("Alpha");
  await expect(card).not.toContainText("Beta");
  const { data } = (await (await page.request.get("/api/campaigns")).json()) as {
    data: { segmentLinks: { segment: { name: string } }[] }[];
  };
  expect(data[0]!.segmentLinks.map((link) => link.segment.name)).toEqual(["Alpha", "Beta"]);
});

test("more campaigns than a page: Older campaigns and Newest campaigns links", async ({ page }) => {
  // 51 campaigns, one more than a page; "Campaign 1" is the oldest.
  for (let i = 1; i <= 51; i++) {
    const response = await page.request.post("/api/campaigns", {
      data: { name: `Campaign ${i}`, type: "EMAIL", segmentIds: [], scheduledTime: "" },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto("/dashboard/broadcasts");
  await expect(page.getByRole("article")).toHaveCount(50);
  await expect(campaignCard(page, "Campaign 51")).toBeVisible();
  await expect(campaignCard(page, "Campaign 1")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Newest campaigns" })).toHaveCount(0);

  await page.getByRole("link", { name: "Older campaigns" }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(campaignCard(page, "Campaign 1")).toBeVisible();
  await expect(page.getByRole("link", { name: "Older campaigns" })).toHaveCount(0);

  await page.getByRole("link", { name: "Newest campaigns" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");
  await expect(campaignCard(page, "Campaign 51")).toBeVisible();
});

test("an unknown campaign is a 404", async ({ page }) => {
  const response = await page.goto("/dashboard/broadcasts/00000000-0000-4000-8000-000000000000/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Campaign not found")).toBeVisible();
});
