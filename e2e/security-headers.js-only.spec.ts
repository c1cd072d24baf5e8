import { type ConsoleMessage, expect, type Page, test } from "@playwright/test";
import { notifications } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

// With the Content-Security-Policy enforced, the app still hydrates and works: no
// script, style or image it needs is refused. And a script someone manages to slip
// into a page without the response's nonce does not run.

/** Everything the browser says about the policy, and every uncaught script error, on every frame of the page. */
function watchForViolations(page: Page): string[] {
  const reports: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) reports.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => reports.push(`${page.url()}: ${error.message}`));
  return reports;
}

/** Documents the main frame loaded: with the app hydrated, its links navigate without one. */
function countDocumentLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) loads.count++;
  });
  return loads;
}

test("a tour of the main pages hydrates and works with nothing refused by the policy", async ({ page }) => {
  // Fifteen pages and a preview: on a loaded machine the tour took longer than the default 30 s.
  test.setTimeout(90_000);
  const violations = watchForViolations(page);

  await page.goto("/");
  await page.goto("/login");
  // The eye button only works once React has hydrated the form.
  await page.getByLabel("Password", { exact: true }).fill("a secret");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");

  await signInWithSessionRow(page);
  const loads = countDocumentLoads(page);
  const sidebar = page.getByRole("navigation");
  for (const [label, path] of [
    ["Events", "/dashboard/events"],
    ["Contacts", "/dashboard/contacts"],
    ["Segments", "/dashboard/segments"],
    ["Broadcasts", "/dashboard/broadcasts"],
    ["Journeys", "/dashboard/journeys"],
    ["Analytics", "/dashboard/analytics"],
    ["Settings", "/dashboard/settings"],
    ["Dashboard", "/dashboard"],
  ]) {
    await sidebar.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(path!);
    await expect(sidebar.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
  }
  // Every step above was the router's own navigation: no page was loaded again.
  expect(loads.count).toBe(0);

  // The campaign editor is a modal once hydrated; its preview is a srcdoc frame under the same policy.
  await page.goto("/dashboard/broadcasts/new");
  await expect(page.getByRole("dialog", { name: "Create New Campaign" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Autumn news");
  await page.getByLabel("Type").selectOption("EMAIL");
  await page.getByLabel("Subject").fill("Autumn news");
  const ownImage = new URL("/favicon.svg", test.info().project.use.baseURL).href;
  await page
    .getByLabel("Content", { exact: true })
    .fill(
      `<p style="color: rgb(200, 0, 0)">Red words</p><img src="${ownImage}" alt="Our logo" width="32" height="32">` +
        `<img src="https://images.murmur.test/banner.png" alt="Remote banner">`,
    );
  await page.getByRole("button", { name: "Preview" }).click();
  const email = page.frameLocator('iframe[title="Email preview"]');
  await expect(email.getByText("Red words")).toHaveCSS("color", "rgb(200, 0, 0)");
  // The frame's own stylesheet (a <style> element) applies too.
  await expect(email.locator("body")).toHaveCSS("font-size", "14px");
  await expect
    .poll(() =>
      email.getByAltText("Our logo").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBeGreaterThan(0);

  await page.getByRole("button", { name: "Create Campaign" }).click();
  // Sonner's toast: its stylesheet is a <style> element it inserts at run time.
  await expect(notifications(page).getByText("Campaign created successfully")).toBeVisible();
  await expect(page).toHaveURL("/dashboard/broadcasts");

  expect(violations).toEqual([]);
});

test("an inline script added to a page without the response's nonce does not run; with it, it does", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

  const outcome = await page.evaluate(async () => {
    const refused = new Promise<string>((resolve) =>
      document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), {
        once: true,
      }),
    );
    const flags = window as unknown as { injectedRan?: boolean; noncedRan?: boolean };

    const injected = document.createElement("script");
    injected.textContent = "window.injectedRan = true";
    document.body.append(injected);

    // The control: the same, carrying the nonce of the page's own scripts.
    const nonced = document.createElement("script");
    nonced.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")!.nonce;
    nonced.textContent = "window.noncedRan = true";
    document.body.append(nonced);

    return { injectedRan: flags.injectedRan === true, noncedRan: flags.noncedRan === true, refusedBy: await refused };
  });

  expect(outcome).toEqual({ injectedRan: false, noncedRan: true, refusedBy: "script-src-elem" });
});
