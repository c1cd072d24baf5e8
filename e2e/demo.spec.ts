import { expect, type Page, test } from "@playwright/test";
import { signInWithSessionRow } from "./session-row.ts";

// Each project starts two demos from this address: within Watch Demo's limit of five an hour.

async function watchDemo(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Watch Demo" }).click();
  await expect(page).toHaveURL("/dashboard", { timeout: 45_000 });
  await expect(page.getByRole("region", { name: "Demo data" })).toContainText("You are looking at demo data.");
}

async function deleteDemo(page: Page) {
  await page.getByRole("link", { name: "Delete demo" }).click();
  await expect(page.getByRole("heading", { name: "Delete demo", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Delete demo" }).click();
}

test.describe("Watch Demo", () => {
  // Each test seeds a whole demo team (contacts, 90 days of events, sent campaigns), visits
  // up to six of its pages and deletes it: 3 to 8 s of seeding on a quiet machine, and past
  // the default 30 s in a CI run on a loaded one (2026-11-29, without JavaScript).
  test.describe.configure({ timeout: 90_000 });

  test("a visitor gets a labelled demo whose pages show data, and Delete demo returns to the landing page", async ({
    page,
  }) => {
    await watchDemo(page);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByText("Welcome to Larkspur (demo), Demo.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Get started with Murmur" })).toBeVisible();

    await page.goto("/dashboard/contacts");
    await expect(page.getByRole("region", { name: "Demo data" })).toBeVisible();
    await expect(page.getByRole("cell", { name: /@example\.(com|org|net)$/ }).first()).toBeVisible();

    await page.goto("/dashboard/broadcasts");
    await expect(page.getByRole("link", { name: "Welcome to Larkspur", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Pro: 20% off", exact: true })).toBeVisible();

    await page.goto("/dashboard/outbox");
    await expect(page.getByText("Get more out of your Larkspur plan").first()).toBeVisible();

    await page.goto("/dashboard/analytics?range=90d");
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Tips for paying teams" })).toBeVisible();
    // Product events reach the chart once the worker has rolled them up, as ingested ones do.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("listitem").filter({ hasText: /^Logged In: [\d,]+$/ })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });

    await deleteDemo(page);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("a signed-in person's demo sits beside their team; Delete demo takes them back to it", async ({ page }) => {
    const user = await signInWithSessionRow(page);
    await watchDemo(page);
    await expect(page.getByText(/Welcome to Larkspur \(demo\)/)).toBeVisible();
    await deleteDemo(page);
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByText(`Welcome to ${user.name}'s team`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Demo data" })).toHaveCount(0);
  });
});

test.describe("the onboarding checklist", () => {
  test("ticks the contacts step after an import, keeps the outbox, and can be dismissed", async ({ page }) => {
    await signInWithSessionRow(page);
    const checklist = page.getByRole("region", { name: "Get started with Murmur" });
    await expect(checklist).toContainText("0 of 5 steps done");
    const step = (name: string) => checklist.getByRole("listitem").filter({ hasText: name });
    await expect(step("Import or add contacts")).toContainText("(to do)");
    await expect(step("Import or add contacts").getByRole("link")).toHaveAttribute(
      "href",
      "/dashboard/segments?tab=csv",
    );

    const contacts = [{ name: "Reader", email: "reader@example.com", phone: null }];
    expect((await page.request.post("/api/contacts/import", { data: { contacts } })).ok()).toBe(true);
    await page.reload();
    await expect(step("Import or add contacts")).toContainText("(done)");
    await expect(checklist).toContainText("1 of 5 steps done");

    await checklist.getByRole("button", { name: "Keep the outbox" }).click();
    await expect(step("Connect an email provider")).toContainText("(done)");
    await expect(checklist).toContainText("2 of 5 steps done");

    await checklist.getByRole("button", { name: "Dismiss checklist" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Get started with Murmur" })).toHaveCount(0);
  });
});

test("every link and button on the landing page goes where it says", async ({ page }) => {
  await page.goto("/");
  for (const [name, path] of [
    ["Sign In", "/login"],
    ["Get Started Free", "/signup"],
    ["Create your account", "/signup"],
    ["Terms of Service", "/terms"],
    ["Privacy Policy", "/privacy"],
  ] as const) {
    await page.goto("/");
    await page.getByRole("link", { name, exact: true }).first().click();
    await expect(page).toHaveURL(path);
  }
  await page.goto("/");
  for (const anchor of ["how-it-works", "features", "use-cases"]) {
    await expect(page.locator(`#${anchor}`)).toHaveCount(1);
  }
  await page.goto("/demo");
  await expect(page.getByRole("button", { name: "Start the demo" })).toBeVisible();
});
