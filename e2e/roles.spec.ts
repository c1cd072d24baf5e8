import { expect, type Page, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInAsMember, teamOwnedBySomeoneElse } from "./session-row.ts";

// Roles as people meet them, with and without JavaScript: a Viewer reads everything and
// finds nothing that changes anything; a Marketer makes a campaign and sends it.

/** A team with a contact, a segment and a draft campaign, made by its Owner through the API. */
async function seededTeam(page: Page) {
  const owner = await teamOwnedBySomeoneElse();
  const headers = { Authorization: `Bearer ${owner.token}` };
  const imported = await page.request.post("/api/contacts/import", {
    headers,
    data: { contacts: [{ name: "Grace Hopper", email: "grace@murmur.test" }], segmentName: "Pioneers" },
  });
  expect(imported.status()).toBe(200);
  const created = await page.request.post("/api/campaigns", {
    headers,
    data: { name: "Owner's draft", type: "EMAIL", subject: "Hi", content: "<p>Hi</p>", segmentIds: [] },
  });
  expect(created.status()).toBe(201);
  return owner;
}

// The words every control that changes something starts with.
const CHANGING = /^(Create|Edit|Delete|Schedule|Unschedule|Pick a time|Send|Import|Save|Revoke|Generate|Count)/;

/**
 * Buttons and links in the page's main content that would change something and are usable,
 * read in one pass over the DOM: walking them one locator at a time, a list that re-rendered
 * meanwhile (a count arriving) left a locator waiting for a button that had moved.
 */
async function enabledChangingControls(page: Page): Promise<string[]> {
  return page.getByRole("main").evaluate((main, pattern) => {
    const changing = new RegExp(pattern);
    const shown = (control: HTMLElement) =>
      control.getClientRects().length > 0 &&
      getComputedStyle(control).visibility !== "hidden" &&
      !control.closest("[aria-hidden='true'], [hidden]");
    const enabled = (control: HTMLElement) =>
      !(control as HTMLButtonElement).disabled &&
      control.getAttribute("aria-disabled") !== "true" &&
      !control.closest("fieldset[disabled]");
    const roles = [
      ["button", "button, input[type=submit], input[type=button], [role=button]"],
      ["link", "a[href], [role=link]"],
    ] as const;
    const found: string[] = [];
    for (const [role, selector] of roles) {
      for (const control of main.querySelectorAll<HTMLElement>(selector)) {
        if (!shown(control)) continue;
        const text = control instanceof HTMLInputElement ? control.value : control.innerText;
        const name = (control.getAttribute("aria-label") ?? text).replace(/\s+/g, " ").trim();
        if (changing.test(name) && enabled(control)) found.push(`${role} "${name}"`);
      }
    }
    return found;
  }, CHANGING.source);
}

test("a Viewer browses contacts, segments, broadcasts and settings and finds no enabled control that changes anything", async ({
  page,
}) => {
  const { teamId } = await seededTeam(page);
  await signInAsMember(page, { teamId, role: "viewer" });

  await page.goto("/dashboard/contacts");
  await expect(page.getByText("Grace Hopper")).toBeVisible();
  await expect(page.getByRole("button", { name: /Create Segment from selection/ })).toBeDisabled();
  await expect(page.getByText("A Viewer cannot change segments.")).toBeVisible();
  await expect.poll(() => enabledChangingControls(page)).toEqual([]);

  await page.goto("/dashboard/segments");
  await expect(page.getByRole("heading", { name: "Pioneers" })).toBeVisible();
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect
    .poll(() => enabledChangingControls(page))
    .toEqual([
      // Counting again reads the segment afresh; it changes no data.
      'button "Count now Pioneers"',
    ]);

  await page.goto("/dashboard/broadcasts");
  await expect(page.getByRole("link", { name: "Owner's draft" })).toBeVisible();
  await expect(page.getByText("A Viewer cannot change campaigns.").first()).toBeVisible();
  await expect.poll(() => enabledChangingControls(page)).toEqual([]);

  await page.goto("/dashboard/settings");
  await expect(page.getByRole("button", { name: "Save team settings" })).toBeDisabled();
  await expect(page.getByText("A Viewer cannot change team settings.")).toBeVisible();
  // One's own profile is one's own, whatever one's role in the team.
  await expect.poll(() => enabledChangingControls(page)).toEqual(['link "Edit profile and sessions"']);

  await page.goto("/dashboard/settings/channels");
  await expect(page.getByText("A Viewer cannot change channel settings.")).toBeVisible();
  await expect.poll(() => enabledChangingControls(page)).toEqual([]);

  const keys = await page.goto("/dashboard/settings/api-keys");
  expect(keys?.status()).toBe(403);
  await expect(page.getByText("A Viewer cannot see API keys.")).toBeVisible();

  // Typing the address of a dialog is refused the same way.
  const create = await page.goto("/dashboard/broadcasts/new");
  expect(create?.status()).toBe(403);
  // A modal with JavaScript, a card above the list without it: either way titled and saying why.
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByText("A Viewer cannot change campaigns.").last()).toBeVisible();
});

test("a Marketer creates a campaign and sends it to the outbox", async ({ page }) => {
  const { teamId } = await seededTeam(page);
  await signInAsMember(page, { teamId, role: "marketer" });

  await page.goto("/dashboard/broadcasts");
  await page.getByRole("link", { name: "Create Campaign" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Marketer's launch");
  await page.getByLabel("Subject").fill("Hello {{ contact.name }}");
  await page.getByLabel("Content").fill("<p>Hi {{ contact.name }}, we launched.</p>");
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(notifications(page).getByText("Campaign created successfully")).toBeVisible();

  const card = page.getByRole("article", { name: "Marketer's launch", exact: true });
  await card.getByRole("link", { name: /^Send now/ }).click();
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(notifications(page).getByText("Campaign is being sent")).toBeVisible();

  await expect
    .poll(
      async () => {
        await page.goto("/dashboard/outbox");
        return page.getByRole("link", { name: /Hello Grace Hopper/ }).count();
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(1);
});
