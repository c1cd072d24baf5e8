import { expect, test } from "@playwright/test";
import { READER_AGENT, waitUntilSent } from "./sent-campaigns.ts";
import { signInWithSessionRow } from "./session-row.ts";

type OutboxMessage = { to: string; html: string };

test("the campaign page filters recipients by outcome with plain links, and exports the filtered list as CSV", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token } = await signInWithSessionRow(page);
  const headers = { Authorization: `Bearer ${token}` };
  const people = ["ann", "bob", "cy"].map((name) => ({ name, email: `${name}@murmur.test` }));
  expect((await page.request.post("/api/contacts/import", { headers, data: { contacts: people } })).status()).toBe(200);
  const created = await page.request.post("/api/campaigns", {
    headers,
    data: {
      name: "Outcomes",
      type: "EMAIL",
      subject: "News",
      content: '<p>Hi {{ contact.name }}, <a href="https://example.com/pricing">see pricing</a>.</p>',
      segmentIds: [],
      scheduledTime: new Date(Date.now() + 3_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = ((await created.json()) as { data: { id: string } }).data.id;
  await waitUntilSent(page.request, [campaignId]);
  // Hits in the first two seconds after sending are put down to scanners; a reader takes longer.
  await page.waitForTimeout(2_500);

  // The outbox API hands over each recipient's message, as a mail catcher's would.
  const messageTo = async (email: string) => {
    const response = await page.request.get(`/api/outbox?campaignId=${campaignId}&to=${encodeURIComponent(email)}`, {
      headers,
    });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: OutboxMessage[] };
    expect(data).toHaveLength(1);
    return data[0]!.html;
  };
  const annLink = /\/t\/c\/[A-Za-z0-9_-]+/.exec(await messageTo("ann@murmur.test"))![0];
  const bobPixel = /\/t\/o\/[A-Za-z0-9_-]+\.gif/.exec(await messageTo("bob@murmur.test"))![0];
  expect((await page.request.get(annLink, { headers: { "User-Agent": READER_AGENT }, maxRedirects: 0 })).status()).toBe(
    302,
  );
  expect((await page.request.get(bobPixel, { headers: { "User-Agent": READER_AGENT } })).status()).toBe(200);

  await page.goto(`/dashboard/broadcasts/${campaignId}`);
  const recipients = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Recipient" }) });
  // Recipients are listed in contact order, not by address: compare as sets.
  await expect(recipients.getByRole("link")).toHaveCount(3);
  expect((await recipients.getByRole("link").allInnerTexts()).sort()).toEqual([
    "ann@murmur.test",
    "bob@murmur.test",
    "cy@murmur.test",
  ]);
  // The link Ann followed: one recipient, one click.
  const links = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Unique clicks" }) });
  await expect(links.getByRole("row").nth(1).getByRole("cell")).toHaveText(["https://example.com/pricing", "1", "1"]);

  const filter = page.getByRole("navigation", { name: "Filter recipients by outcome" });
  await filter.getByRole("link", { name: "Clicked", exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/broadcasts/${campaignId}?outcome=clicked`);
  await expect(filter.getByRole("link", { name: "Clicked", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(recipients.getByRole("link")).toHaveText(["ann@murmur.test"]);

  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute(
    "href",
    `/dashboard/broadcasts/${campaignId}/recipients.csv?outcome=clicked`,
  );
  const csv = await page.request.get((await exportLink.getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  const rows = (await csv.text()).trim().split("\r\n");
  expect(rows[0]).toBe("contact_id,name,address,status,sent_at,opened_at,clicked_at,error");
  expect(rows.slice(1).map((row) => row.split(",")[2])).toEqual(["ann@murmur.test"]);

  await filter.getByRole("link", { name: "Not opened" }).click();
  await expect(page).toHaveURL(`/dashboard/broadcasts/${campaignId}?outcome=not_opened`);
  await expect(recipients.getByRole("link")).toHaveText(["cy@murmur.test"]);
  await filter.getByRole("link", { name: "Opened", exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/broadcasts/${campaignId}?outcome=opened`);
  await expect(recipients.getByRole("link")).toHaveCount(2);
  expect((await recipients.getByRole("link").allInnerTexts()).sort()).toEqual(["ann@murmur.test", "bob@murmur.test"]);
  await filter.getByRole("link", { name: "Bounced" }).click();
  await expect(page.getByText("No recipients with the outcome Bounced.")).toBeVisible();
});
