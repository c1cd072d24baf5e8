import { expect, type Page, test } from "@playwright/test";
import { fillLoginForm, newUser, notifications, signUpViaApi } from "./helpers.ts";

// Signing in is this spec's subject (it is what the audit log records here), so it goes
// through the login form rather than a session row.

function entries(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

test("an Owner finds their sign-ins in the audit log, newest first, filters by action and exports that as CSV", async ({
  page,
}) => {
  const user = newUser();
  await signUpViaApi(page.request, user);
  await page.goto("/login");
  await fillLoginForm(page, user.email, "not the password");
  await expect(notifications(page).getByText("Invalid email or password.")).toBeVisible();
  await fillLoginForm(page, user.email, user.password);
  await expect(page).toHaveURL("/dashboard");

  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "View audit log" }).click();
  await expect(page).toHaveURL("/dashboard/settings/audit-log");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(entries(page)).toHaveCount(2);
  await expect(entries(page).nth(0)).toContainText("Signed in");
  await expect(entries(page).nth(0)).toContainText(user.name);
  await expect(entries(page).nth(1)).toContainText("Failed sign-in");
  await expect(entries(page).nth(1)).toContainText(user.email);

  await page.getByLabel("Action").selectOption("Failed sign-in");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=sign-in\.failed/);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("Failed sign-in");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await streamText(await download.createReadStream())).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "time,actor_kind,actor_id,actor_name,actor_email,action,action_label,target_kind,target_id,target_label,details,ip",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${user.email},sign-in.failed,Failed sign-in,user,`);
});

test("a campaign sent from its page appears in the audit log as sent, with who sent it", async ({ page }) => {
  const user = newUser();
  await signUpViaApi(page.request, user);
  await page.goto("/login");
  await fillLoginForm(page, user.email, user.password);
  await expect(page).toHaveURL("/dashboard");
  const contacts = [{ name: "Reader", email: "reader@example.com", phone: null }];
  expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);
  const created = await page.request.post("/api/campaigns", {
    data: { name: "Audit me", type: "EMAIL", segmentIds: [], subject: "News", content: "<p>News</p>" },
  });
  expect(created.status()).toBe(201);
  const { data: campaign } = await created.json();

  await page.goto(`/dashboard/broadcasts/${campaign.id}/send`);
  // With JavaScript the page becomes a dialog once hydrated and its form is drawn anew: a click before that is lost.
  if (test.info().project.use.javaScriptEnabled !== false)
    await expect(page.getByRole("dialog", { name: "Send Campaign" })).toBeVisible();
  await page.getByRole("button", { name: "Send now" }).click();
  // The send page's own address matches /dashboard/broadcasts too: wait until the send has
  // answered and led away from it, or the next navigation can cut the send short.
  await expect(page).not.toHaveURL(/\/send(\?|$)/);
  await expect(page).toHaveURL(/\/dashboard\/broadcasts/);

  await page.goto("/dashboard/settings/audit-log");
  await page.getByLabel("Action").selectOption("Campaign sent");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("Audit me");
  await expect(entries(page).first()).toContainText(user.name);
});
