import { expect, test } from "@playwright/test";

// What a first visit downloads before the sign-in pages work. The common-password
// list (220 KB gzipped) once rode along with every one of them; it is checked on the
// server only. The pages load 560 to 672 KB today (2026-11-29); the budget has room for the
// app's own growth, not for the list (another 414 KB).
const SCRIPT_BUDGET_BYTES = 800 * 1024;

for (const path of ["/", "/login", "/signup", "/forgot-password", "/reset-password?token=x"]) {
  test(`${path} loads at most ${SCRIPT_BUDGET_BYTES / 1024} KB of script`, async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => body.length));
    });

    await page.goto(path, { waitUntil: "networkidle" });

    const sizes = await Promise.all(scripts);
    expect(sizes.length).toBeGreaterThan(0);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
  });
}
