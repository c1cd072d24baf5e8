import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signClickToken } from "../server/tracking/tokens.ts";
import { E2E_TRACKING_SECRET } from "./tracking-links.ts";

const key = Buffer.from(E2E_TRACKING_SECRET, "utf8");

test("a tracked link goes where it was signed to go; an altered one is a 'Link not found' page, never a redirect", async ({ page, request }) => {
  const token = signClickToken(key, { deliveryId: randomUUID(), linkIndex: 0, url: "https://example.com/spring?utm_source=murmur" });
  const followed = await request.get(`/t/c/${token}`, { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers()["location"]).toBe("https://example.com/spring?utm_source=murmur");

  const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  const response = await page.goto(`/t/c/${altered}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link not found" })).toBeVisible();
  expect(page.url()).toContain("/t/c/");
});

test("the open pixel is a never-cached image, whatever the token", async ({ request }) => {
  const response = await request.get(`/t/o/not-a-token.gif`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/gif");
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect((await response.body()).subarray(0, 6).toString()).toBe("GIF89a");
});
