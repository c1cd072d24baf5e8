import { expect, test } from "@playwright/test";

test("the /favicon.ico browsers ask for leads to the SVG icon every page links", async ({ request }) => {
  const asked = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(asked.status()).toBe(301);
  expect(asked.headers()["location"]).toBe("/favicon.svg");

  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(await icon.text()).toContain("<svg");
});
