import { expect, type Page, test } from "@playwright/test";
import { newUser, notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// Every test signs up its own team, so the segments it sees are only its own.
test.beforeEach(async ({ page }) => {
  await signInWithSessionRow(page);
});

function nameField(page: Page) {
  return page.getByRole("textbox", { name: "Segment name", exact: true });
}

function segmentCard(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

async function createSegmentThroughDialog(page: Page, name: string) {
  await page.goto("/dashboard/segments");
  await page.getByRole("link", { name: "Create Segment" }).click();
  await nameField(page).fill(name);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/segments");
}

test.describe("the segments page", () => {
  test("starts empty, on the AI Prompt tab, which asks for a description of the audience", async ({ page }) => {
    await page.goto("/dashboard/segments");

    await expect(page.getByText("No segments yet. Create your first segment to get started.")).toBeVisible();
    await expect(page.getByRole("tab", { name: "AI Prompt" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByLabel("Describe your audience")).toBeVisible();
  });

  test("the tabs are links that switch the panel", async ({ page }) => {
    await page.goto("/dashboard/segments");

    await page.getByRole("tab", { name: "Event Filter" }).click();
    await expect(page).toHaveURL("/dashboard/segments?tab=filters");
    await expect(page.getByRole("tab", { name: "Event Filter" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Matching contacts" })).toBeVisible();

    await page.getByRole("tab", { name: "CSV Upload" }).click();
    await expect(page).toHaveURL("/dashboard/segments?tab=csv");
    await expect(page.getByRole("tab", { name: "CSV Upload" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "AI Prompt" })).toHaveAttribute("aria-selected", "false");
  });
});

test.describe("creating a segment", () => {
  test("adds a card with its name, id and 'Contacts: 0', and says 'Segment created successfully'", async ({ page }) => {
    await createSegmentThroughDialog(page, "  <b>VIP</b> & friends  ");

    await expect(notifications(page).getByText("Segment created successfully")).toBeVisible();
    const card = segmentCard(page, "<b>VIP</b> & friends");
    await expect(card.getByRole("heading", { name: "<b>VIP</b> & friends", exact: true })).toBeVisible();
    await expect(card).toContainText("Contacts: 0");
    await expect(card).toContainText("Static");
    await expect(card.locator("code")).toHaveText(/^[0-9a-f-]{36}$/);
  });

  test("a blank name cannot be created", async ({ page }, testInfo) => {
    await page.goto("/dashboard/segments/new");
    await nameField(page).fill("   ");
    const create = page.getByRole("button", { name: "Create", exact: true });

    if (testInfo.project.name === "javascript") {
      // Inactive while blank; the dialog sits over the list.
      await expect(create).toBeDisabled();
      await expect(page.getByRole("dialog", { name: "Create Segment" })).toBeVisible();
    } else {
      await create.click();
      await expect(page.getByText("Segment name is required")).toBeVisible();
    }
    await page.goto("/dashboard/segments");
    await expect(page.getByText("No segments yet. Create your first segment to get started.")).toBeVisible();
  });

  test("a name passed in the link prefills the dialog", async ({ page }) => {
    await page.goto("/dashboard/segments/new?name=AI%20Generated%20Segment");

    await expect(nameField(page)).toHaveValue("AI Generated Segment");
  });

  test("Cancel goes back to the list on the same tab", async ({ page }) => {
    await page.goto("/dashboard/segments?tab=csv");
    await page.getByRole("link", { name: "Create Segment" }).click();
    await expect(page).toHaveURL("/dashboard/segments/new?tab=csv");

    await page.getByRole("link", { name: "Cancel" }).click();

    await expect(page).toHaveURL("/dashboard/segments?tab=csv");
    await expect(nameField(page)).toHaveCount(0);
  });
});

test.describe("a segment's card", () => {
  test("counts its real contacts, with thousands separators", async ({ page }) => {
    const contacts = Array.from({ length: 1234 }, (_, i) => ({
      name: `Person ${i}`,
      email: `person${i}@example.com`,
      phone: "",
    }));
    const response = await page.request.post("/api/contacts/import", {
      data: { contacts, segmentName: "Imported list" },
    });
    expect(response.ok()).toBe(true);

    await page.goto("/dashboard/segments");

    await expect(segmentCard(page, "Imported list")).toContainText("Contacts: 1,234");
  });

  test("Edit renames it with 'Segment updated successfully'", async ({ page }) => {
    await createSegmentThroughDialog(page, "Trial users");

    await segmentCard(page, "Trial users").getByRole("link", { name: "Edit" }).click();
    await expect(page.getByText("Edit Segment")).toBeVisible();
    await expect(nameField(page)).toHaveValue("Trial users");
    await nameField(page).fill("Paying customers");
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page).toHaveURL("/dashboard/segments");
    await expect(notifications(page).getByText("Segment updated successfully")).toBeVisible();
    await expect(segmentCard(page, "Paying customers")).toBeVisible();
    await expect(segmentCard(page, "Trial users")).toHaveCount(0);
  });

  test("Delete asks first; Cancel keeps it, Delete removes it with 'Segment deleted successfully'", async ({
    page,
  }) => {
    await createSegmentThroughDialog(page, "Churned");
    const question = page.getByText("Are you sure you want to delete this segment?");

    await segmentCard(page, "Churned").getByRole("link", { name: "Delete" }).click();
    await expect(question).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    await expect(segmentCard(page, "Churned")).toBeVisible();

    await segmentCard(page, "Churned").getByRole("link", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete" }).click();

    await expect(page).toHaveURL("/dashboard/segments");
    await expect(notifications(page).getByText("Segment deleted successfully")).toBeVisible();
    await expect(page.getByText("No segments yet. Create your first segment to get started.")).toBeVisible();
  });

  test("another team's segment is not found", async ({ page, request }) => {
    const signup = await request.post("/api/auth/signup", { data: newUser() });
    const { token } = await signup.json();
    const created = await request.post("/api/segments", {
      data: { name: "Private" },
      headers: { Authorization: `Bearer ${token}` },
    });
    const { data } = await created.json();

    const response = await page.goto(`/dashboard/segments/${data.id}/edit`);

    expect(response?.status()).toBe(404);
    await expect(page.getByText("Segment not found")).toBeVisible();
    await expect(page.getByText("Private")).toHaveCount(0);
  });
});

test.describe("segment counts and pages", () => {
  test("a card shows its stored count until Count now counts it again", async ({ page }) => {
    const filter = {
      type: "group",
      combinator: "and",
      conditions: [{ type: "field", field: "email", operator: "contains", value: "@acme.io" }],
    };
    expect((await page.request.post("/api/segments", { data: { name: "Acme people", filter } })).status()).toBe(201);
    const contacts = [
      { name: "Ada", email: "ada@acme.io", phone: "" },
      { name: "Bob", email: "bob@example.com", phone: "" },
      { name: "Carol", email: "carol@acme.io", phone: "" },
    ];
    expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);

    await page.goto("/dashboard/segments?tab=csv");
    // Counted when it was saved, before the contacts came: the card says so until it is counted again.
    await expect(segmentCard(page, "Acme people")).toContainText("Contacts: 0 · counted just now");
    await segmentCard(page, "Acme people")
      .getByRole("button", { name: /^Count now/ })
      .click();

    await expect(page).toHaveURL("/dashboard/segments?tab=csv");
    await expect(notifications(page).getByText("Acme people: 2 contacts")).toBeVisible();
    await expect(segmentCard(page, "Acme people")).toContainText("Contacts: 2 · counted just now");
  });

  test("Next and Previous page through the cards, 30 at a time", async ({ page }) => {
    test.setTimeout(60_000);
    for (let i = 0; i < 32; i++) {
      expect(
        (await page.request.post("/api/segments", { data: { name: `List ${String(i).padStart(2, "0")}` } })).status(),
      ).toBe(201);
    }

    await page.goto("/dashboard/segments");
    const pages = page.getByRole("navigation", { name: "Pages of segments" });
    await expect(page.getByRole("article")).toHaveCount(30);
    await expect(segmentCard(page, "List 31")).toBeVisible();
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(segmentCard(page, "List 01")).toBeVisible();
    await expect(segmentCard(page, "List 00")).toBeVisible();
    await expect(segmentCard(page, "List 31")).toHaveCount(0);

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByRole("article")).toHaveCount(30);
    await expect(segmentCard(page, "List 31")).toBeVisible();
    await expect(segmentCard(page, "List 00")).toHaveCount(0);
  });
});
