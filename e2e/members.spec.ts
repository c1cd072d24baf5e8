import { expect, test, type Browser, type Page } from "@playwright/test";
import { newUser, notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// Two people at once: each gets a browser of their own, with or without JavaScript
// as the project runs, so their session cookies never mix.
async function secondBrowser(browser: Browser): Promise<Page> {
  const { baseURL, javaScriptEnabled, extraHTTPHeaders } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, extraHTTPHeaders });
  return context.newPage();
}

async function inviteFromMembersPage(page: Page, email: string, role: string): Promise<string> {
  await page.goto("/dashboard/settings/members");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("heading", { name: `Invitation sent to ${email}` })).toBeVisible();
  const link = await page.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(/\/invitations\/accept\?token=[\w-]+$/);
  return link;
}

function teamMenu(page: Page) {
  return page.getByTestId("team-menu");
}

/**
 * The tests with a second browser: two browsers and up to ten page loads. On a loaded
 * machine one took longer than the default 30 s twice in a row, every step slow alike.
 */
const TWO_BROWSERS_MS = 90_000;

test("an Owner invites a new person, who signs up from the link straight into the team", async ({ page, browser }) => {
  test.setTimeout(TWO_BROWSERS_MS);
  const owner = await signInWithSessionRow(page);
  const invitee = newUser();
  const link = await inviteFromMembersPage(page, invitee.email, "Marketer");
  const pending = page.getByRole("region", { name: "Pending invitations" });
  await expect(pending.getByRole("row", { name: new RegExp(invitee.email) })).toContainText(owner.name);

  // The same link went out by email, through the team's outbox as no provider is set.
  await expect
    .poll(async () => {
      const outbox = await page.request.get(`/api/outbox?to=${encodeURIComponent(invitee.email)}`);
      const { data: rows } = (await outbox.json()) as { data: { subject: string | null; text: string | null }[] };
      return rows.find((row) => row.subject === `${owner.name} invited you to ${owner.name}'s team on Murmur`)?.text;
    })
    .toContain(link);

  const newcomer = await secondBrowser(browser);
  const url = new URL(link);
  await newcomer.goto(url.pathname + url.search);
  await expect(newcomer.getByRole("heading", { name: `Join ${owner.name}'s team` })).toBeVisible();
  await newcomer.getByRole("link", { name: "Create an account to join" }).click();
  await expect(newcomer.getByLabel("Email")).toHaveValue(invitee.email);
  await expect(newcomer.getByLabel("Email")).toHaveAttribute("readonly", "");
  await newcomer.getByLabel("Full name").fill(invitee.name);
  await newcomer.getByLabel("Password", { exact: true }).fill(invitee.password);
  await newcomer.getByLabel("Confirm password").fill(invitee.password);
  await newcomer.getByRole("checkbox", { name: /terms/i }).check();
  await newcomer.getByRole("button", { name: "Create Account" }).click();

  await expect(newcomer).toHaveURL("/dashboard");
  await expect(teamMenu(newcomer)).toContainText(`${owner.name}'s team`);

  await page.goto("/dashboard/settings/members");
  await expect(page.getByRole("row", { name: new RegExp(invitee.email) })).toContainText("Marketer");
  await expect(page.getByText("No pending invitations.")).toBeVisible();

  // The link joined once; it does not work again.
  await newcomer.goto(url.pathname + url.search);
  await expect(newcomer.getByRole("heading", { name: "Invitation not valid" })).toBeVisible();
  await expect(newcomer.getByText("This invitation has already been used.")).toBeVisible();
});

test("the Owner removes a member, whose open session loses the team at once", async ({ page, browser }) => {
  test.setTimeout(TWO_BROWSERS_MS);
  const owner = await signInWithSessionRow(page);
  const member = await secondBrowser(browser);
  const person = await signInWithSessionRow(member);
  const link = await inviteFromMembersPage(page, person.email, "Viewer");

  const url = new URL(link);
  await member.goto(url.pathname + url.search);
  await member.getByRole("button", { name: "Accept invitation" }).click();
  await expect(member).toHaveURL("/dashboard");
  await expect(teamMenu(member)).toContainText(`${owner.name}'s team`);

  await page.goto("/dashboard/settings/members");
  await page.getByRole("button", { name: `Remove ${person.name}` }).click();
  await expect(notifications(page).getByText("They no longer have access to this team.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(person.email) })).toHaveCount(0);

  // The member's next page is no longer the team's.
  await member.goto("/dashboard/contacts");
  await expect(
    member.getByText(
      `You are no longer a member of ${owner.name}'s team. You are now working in ${person.name}'s team.`,
    ),
  ).toBeVisible();
  await expect(teamMenu(member)).toContainText(`${person.name}'s team`);
  await expect(teamMenu(member)).not.toContainText(`${owner.name}'s team`);
});

test("a person creates a second team and switches between their teams from the team menu", async ({ page }) => {
  const person = await signInWithSessionRow(page);
  const firstTeam = `${person.name}'s team`;

  await teamMenu(page).locator("summary").click();
  await teamMenu(page).getByRole("link", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name: "Create team" })).toBeVisible();
  await page.getByLabel("Team name").fill("Launch crew");
  await page.getByRole("button", { name: "Create team" }).click();

  await expect(page).toHaveURL("/dashboard");
  await expect(notifications(page).getByText("You are now working in Launch crew.")).toBeVisible();
  await expect(teamMenu(page).locator("summary")).toContainText("Launch crew");

  await teamMenu(page).locator("summary").click();
  const switchList = teamMenu(page).getByRole("list", { name: "Switch Team" });
  await expect(switchList.getByRole("button")).toHaveText([firstTeam, "Launch crew"]);
  await switchList.getByRole("button", { name: firstTeam }).click();

  await expect(notifications(page).getByText(`You are now working in ${firstTeam}.`)).toBeVisible();
  await expect(teamMenu(page).locator("summary")).toContainText(firstTeam);

  await teamMenu(page).locator("summary").click();
  await teamMenu(page).getByRole("link", { name: "Team Settings" }).click();
  await expect(page).toHaveURL("/dashboard/settings");
});
