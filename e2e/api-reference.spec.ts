import { expect, test } from "@playwright/test";

test("the landing page's footer leads to the API reference, readable without signing in", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Campaigns" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "POST /api/auth/login" })).toBeVisible();
  // An example opens without a script: <details>.
  await page.locator("#postAuthLogin").getByText("Example body").click();
  await expect(page.locator("#postAuthLogin pre").first()).toContainText('"password": "string"');
});

test("the OpenAPI document is served to a client without a token", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/contacts", "/v1/track"]));
  await anonymous.dispose();
});
