import { expect, type Page, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

type SeedContact = { name: string | null; email: string; phone: string | null };

/** Signs a new person up and gives their team these contacts through the public import API. */
async function signUpWithContacts(page: Page, contacts: SeedContact[]): Promise<void> {
  await signInWithSessionRow(page);
  if (contacts.length === 0) return;
  const response = await page.request.post("/api/contacts/import", { data: { contacts } });
  expect(response.status()).toBe(200);
}

function people(count: number, label: string, options: { phoneEvery?: number } = {}): SeedContact[] {
  const every = options.phoneEvery ?? 1;
  return Array.from({ length: count }, (_, i) => ({
    name: `${label} ${i + 1}`,
    email: `${label.toLowerCase()}-${i + 1}-${crypto.randomUUID()}@example.com`,
    phone: i % every === 0 ? `+1415555${String(1000 + i)}` : null,
  }));
}

/**
 * Opens the Contacts page and, with JavaScript, waits until it is interactive: the
 * select-all checkbox only exists once React runs (without it, it is a link).
 */
async function openContacts(page: Page, javaScriptEnabled: boolean, path = "/dashboard/contacts"): Promise<void> {
  await page.goto(path);
  if (javaScriptEnabled)
    await expect(page.getByRole("checkbox", { name: "Select all contacts on this page" })).toBeVisible();
}

const rows = (page: Page) => page.locator("tbody tr");

test.describe("the contacts list", () => {
  test("a team without contacts sees the empty text and a way to import", async ({ page }) => {
    await signUpWithContacts(page, []);

    await page.goto("/dashboard/contacts");

    await expect(page.getByText("0 contacts", { exact: true })).toBeVisible();
    await expect(page.getByText("No contacts match your filters.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Import contacts" })).toHaveAttribute(
      "href",
      "/dashboard/segments?tab=csv",
    );
  });

  test("shows Name, Email, Phone and Created, and names with HTML as plain text", async ({
    page,
    javaScriptEnabled,
  }) => {
    const html = "<b>Bold</b> <img src=x onerror=alert(1)>";
    await signUpWithContacts(page, [
      { name: html, email: `html-${crypto.randomUUID()}@example.com`, phone: "+14155550100" },
    ]);

    await openContacts(page, javaScriptEnabled);

    for (const column of ["Name", "Email", "Phone", "Created"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole("cell", { name: html, exact: true })).toBeVisible();
    await expect(page.locator("tbody img")).toHaveCount(0);
    await expect(page.getByRole("cell", { name: "+14155550100" })).toBeVisible();
  });

  test("search and Has phone filter on the server and stay in the URL", async ({ page, javaScriptEnabled }) => {
    await signUpWithContacts(page, [...people(3, "Marie", { phoneEvery: 3 }), ...people(2, "Pierre")]);
    await openContacts(page, javaScriptEnabled);
    await expect(page.getByText("5 contacts", { exact: true })).toBeVisible();

    await page.getByLabel("Search contacts").fill("MARIE");
    if (!javaScriptEnabled) await page.getByLabel("Search contacts").press("Enter");

    await expect(page).toHaveURL(/search=MARIE/);
    await expect(page.getByText("3 contacts", { exact: true })).toBeVisible();
    await expect(rows(page)).toHaveCount(3);

    await page.getByRole("radio", { name: "No" }).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/hasPhone=no/);
    await expect(page.getByText("2 contacts", { exact: true })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);

    await page.goto("/dashboard/contacts?search=nobody-by-this-name");
    await expect(page.getByText("No contacts match your filters.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Import contacts" })).toHaveCount(0);
  });

  test("pages through 50 at a time with Next, Previous and First page", async ({ page, javaScriptEnabled }) => {
    await signUpWithContacts(page, people(120, "Reader"));
    await openContacts(page, javaScriptEnabled);
    await expect(page.getByText("120 contacts", { exact: true })).toBeVisible();
    await expect(rows(page)).toHaveCount(50);
    const firstOnPageOne = (await rows(page).first().textContent()) ?? "";

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(rows(page).first()).not.toHaveText(firstOnPageOne);
    await page.getByRole("link", { name: "Next" }).click();

    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(rows(page)).toHaveCount(50);
    await page.getByRole("link", { name: "First page" }).click();
    await expect(page).toHaveURL("/dashboard/contacts");
    await expect(rows(page).first()).toHaveText(firstOnPageOne);
  });
});

test.describe("Create Segment from selection", () => {
  test("links the selected contacts to a new segment", async ({ page, javaScriptEnabled }) => {
    const contacts = people(4, "Ada");
    await signUpWithContacts(page, contacts);
    await openContacts(page, javaScriptEnabled);
    const create = page.getByRole("button", { name: "Create Segment from selection" });
    if (javaScriptEnabled) await expect(create).toBeDisabled();

    await page.getByRole("checkbox", { name: "Select Ada 1" }).check();
    await page.getByRole("checkbox", { name: "Select Ada 3" }).check();
    await create.click();

    await expect(page.getByText("2 contacts will be linked.")).toBeVisible();
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Create Segment", exact: true }).click();
      await expect(page.getByText("Segment name is required")).toBeVisible();
    } else {
      // The browser itself refuses a blank required field before anything is sent.
      await expect(page.getByLabel("Segment name")).toHaveAttribute("required", "");
    }

    await page.getByLabel("Segment name").fill("Launch <i>guests</i>");
    await page.getByRole("button", { name: "Create Segment", exact: true }).click();

    await expect(page).toHaveURL("/dashboard/contacts");
    await expect(notifications(page).getByText("Segment created")).toBeVisible();
    await expect(notifications(page).getByText("Linked 2 contacts")).toBeVisible();
    const segments = await (await page.request.get("/api/segments")).json();
    expect(segments.data).toEqual([expect.objectContaining({ name: "Launch <i>guests</i>", contactCount: 2 })]);
  });

  test("can take every contact matching the filters, beyond this page", async ({ page, javaScriptEnabled }) => {
    await signUpWithContacts(page, [...people(60, "Grace"), ...people(5, "Alan")]);
    await openContacts(page, javaScriptEnabled, "/dashboard/contacts?search=grace");
    await expect(page.getByText("60 contacts", { exact: true })).toBeVisible();

    if (javaScriptEnabled) {
      await page.getByRole("checkbox", { name: "Select all contacts on this page" }).check();
      await page.getByRole("button", { name: "Select all 60 matching" }).click();
      await expect(page.getByText("All 60 contacts matching your filters are selected.")).toBeVisible();
    } else {
      await page.getByRole("link", { name: "All contacts on this page" }).click();
      await expect(page.locator("tbody input[type=checkbox]:checked")).toHaveCount(50);
      await page.getByLabel("Select all 60 matching").check();
    }
    await page.getByRole("button", { name: "Create Segment from selection" }).click();

    await expect(page.getByText("All 60 contacts matching your filters will be linked.")).toBeVisible();
    await page.getByLabel("Segment name").fill("Every Grace");
    await page.getByRole("button", { name: "Create Segment", exact: true }).click();

    await expect(page).toHaveURL("/dashboard/contacts?search=grace");
    await expect(notifications(page).getByText("Linked 60 contacts")).toBeVisible();
  });

  test("the page's select-all ticks every row, and a row can be unticked again", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUpWithContacts(page, people(3, "Ada"));
    await openContacts(page, javaScriptEnabled);

    if (javaScriptEnabled) await page.getByRole("checkbox", { name: "Select all contacts on this page" }).check();
    else await page.getByRole("link", { name: "All contacts on this page" }).click();
    await expect(page.locator("tbody input[type=checkbox]:checked")).toHaveCount(3);
    await page.getByRole("checkbox", { name: "Select Ada 2" }).uncheck();
    if (javaScriptEnabled) await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByRole("button", { name: "Create Segment from selection" }).click();

    await expect(page.getByText("2 contacts will be linked.")).toBeVisible();
  });

  test("a contact's name opens their page", async ({ page, javaScriptEnabled }) => {
    await signUpWithContacts(page, people(2, "Grace"));
    await openContacts(page, javaScriptEnabled);

    await page.getByRole("link", { name: "Grace 2" }).click();

    await expect(page).toHaveURL(/\/dashboard\/contacts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Grace 2" })).toBeVisible();
  });

  test("asks for at least one contact", async ({ page, javaScriptEnabled }) => {
    await signUpWithContacts(page, people(2, "Edsger"));
    await openContacts(page, javaScriptEnabled);
    const create = page.getByRole("button", { name: "Create Segment from selection" });

    if (javaScriptEnabled) {
      await expect(create).toBeDisabled();
      await page.getByRole("checkbox", { name: "Select Edsger 2" }).check();
      await expect(create).toBeEnabled();
      return;
    }
    await create.click();
    await expect(page).toHaveURL("/dashboard/contacts/new-segment");
    await expect(page.getByText("Select at least one contact").first()).toBeVisible();
    await expect(page.getByLabel("Segment name")).toHaveCount(0);
  });
});
