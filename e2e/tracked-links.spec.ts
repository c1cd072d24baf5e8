import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signClickToken } from "#server/tracking/tokens.ts";
import { E2E_TRACKING_SECRET } from "./tracking-links.ts";

const key = Buffer.from(E2E_TRACKING_SECRET, "utf8");

test("a link of a message Murmur has no record of shows where it leads and waits for the reader; an altered one is 'Link not found'", async ({
  page,
}) => {
  // A delivery id no ledger holds: what a link looks like once its campaign is deleted.
  const destination = "https://example.com/spring?utm_source=murmur";
  const token = signClickToken(key, { deliveryId: randomUUID(), linkIndex: 0, url: destination });
  const response = await page.goto(`/t/c/${token}`);
  expect(response?.status()).toBe(410);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(page.getByText(destination, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to this address" })).toHaveAttribute("href", destination);
  expect(page.url()).toContain("/t/c/");

  const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  const invalid = await page.goto(`/t/c/${altered}`);
  expect(invalid?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link not found" })).toBeVisible();
});

test("the open pixel is a never-cached image, whatever the token", async ({ request }) => {
  const response = await request.get(`/t/o/not-a-token.gif`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/gif");
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect((await response.body()).subarray(0, 6).toString()).toBe("GIF89a");
});
