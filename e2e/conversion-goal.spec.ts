import { expect, test } from "@playwright/test";
import { waitUntilSent } from "./sent-campaigns.ts";
import { openNewCampaign } from "./helpers.ts";
import { signInWithSessionRow } from "./session-row.ts";

const basic = (writeKey: string) => ({ Authorization: `Basic ${Buffer.from(`${writeKey}:`).toString("base64")}` });

test("the campaign editor takes a conversion goal, says which field is wrong, and shows the goal again when editing", async ({
  page,
}) => {
  await signInWithSessionRow(page);
  await openNewCampaign(page);
  await page.getByLabel("Name", { exact: true }).fill("Spring sale");
  await page.getByLabel("Goal event").fill("Order Completed");
  await page.getByLabel("Within days of receiving").fill("200");
  await page.getByLabel("Revenue property").fill("total");
  await page.getByLabel("Property 1", { exact: true }).fill("total");
  await page.getByLabel("Property 1 comparison").selectOption("greater_than");
  await page.getByLabel("Property 1 value").fill("lots");
  await page.getByRole("button", { name: "Create Campaign" }).click();

  // Refused, with or without JavaScript: each message beside its own field, nothing saved.
  await expect(page.getByText("Enter a whole number of days from 1 to 90")).toBeVisible();
  await expect(page.getByText("Expected a number")).toBeVisible();
  await page.getByLabel("Within days of receiving").fill("3");
  await page.getByLabel("Property 1 value").fill("10");
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page).toHaveURL("/dashboard/broadcasts");

  await page.getByRole("article", { name: "Spring sale", exact: true }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("Edit Campaign")).toBeVisible();
  await expect(page.getByLabel("Goal event")).toHaveValue("Order Completed");
  await expect(page.getByLabel("Within days of receiving")).toHaveValue("3");
  await expect(page.getByLabel("Revenue property")).toHaveValue("total");
  await expect(page.getByLabel("Property 1 comparison")).toHaveValue("greater_than");
  await expect(page.getByLabel("Property 1 value")).toHaveValue("10");
  // A second row, empty, to add another condition.
  await expect(page.getByLabel("Property 2", { exact: true })).toHaveValue("");
});

test("a recipient's order after the campaign shows as a conversion in the headline, the campaigns table and Broadcasts, and a property's top values", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithSessionRow(page);
  const readers = ["Ada", "Grace"].map((name) => ({ name, email: `${name.toLowerCase()}@murmur.test` }));
  expect((await page.request.post("/api/contacts/import", { data: { contacts: readers } })).status()).toBe(200);
  // Sent by the app's own worker to the built-in outbox, a few seconds from now.
  const created = await page.request.post("/api/campaigns", {
    data: {
      name: "Order reminder",
      type: "EMAIL",
      subject: "Your cart",
      content: "<p>Hi {{ contact.name }}</p>",
      segmentIds: [],
      scheduledTime: new Date(Date.now() + 3_000).toISOString(),
      conversionGoal: { event: "Order Completed", withinDays: 5, revenueProperty: "total" },
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = ((await created.json()) as { data: { id: string } }).data.id;
  await waitUntilSent(page.request, [campaignId]);

  // Ada orders after receiving it, through the tracking API as a Segment library would.
  const key = await page.request.post("/api/write-keys", { data: { name: "Shop" } });
  const headers = basic((await key.json()).data.key);
  const identify = { userId: "ada", traits: { email: "ada@murmur.test" } };
  expect((await page.request.post("/v1/identify", { data: identify, headers })).status()).toBe(200);
  const order = { userId: "ada", event: "Order Completed", properties: { total: 30, plan: "pro" } };
  expect((await page.request.post("/v1/track", { data: order, headers })).status()).toBe(200);

  // The worker attributes it within moments; the page shows what is stored.
  await expect
    .poll(
      async () => {
        await page.goto("/dashboard/analytics");
        return page.getByTestId("figure-Conversions").textContent();
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe("1");
  const figures = page.getByTestId("headline-figures");
  await expect(figures.getByTestId("figure-Conversion rate")).toHaveText("50.0%");
  await expect(figures.getByText("1 of 2 received")).toBeVisible();
  await expect(figures.getByTestId("figure-Revenue")).toHaveText("30");
  await expect(page.getByTestId("campaigns-table").getByRole("row", { name: /Order reminder/ })).toContainText(
    "1 (50.0%)",
  );

  // The property picker is a GET form: the top values of the plan for the charted events.
  await page.getByLabel("Property", { exact: true }).selectOption("plan");
  await page.getByRole("button", { name: "Show values" }).click();
  await expect(page).toHaveURL(/property=plan/);
  await expect(page.getByTestId("property-values").getByRole("row", { name: /pro/ })).toContainText("1");

  await page.goto("/dashboard/broadcasts");
  const card = page.getByRole("article", { name: "Order reminder", exact: true });
  await expect(card).toContainText(/Conversions\s*1/);
});
