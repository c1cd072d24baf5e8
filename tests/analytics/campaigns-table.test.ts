import { describe, expect, test } from "vitest";
import { loader as campaignsCsv } from "#app/routes/dashboard/analytics-campaigns-csv.ts";
import * as analyticsPage from "#app/routes/dashboard/analytics.tsx";
import { getDb } from "#db/database.ts";
import { recordOpen } from "#server/tracking/record-hit.ts";
import { createSentCampaign } from "../tracking/fixtures.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { PERSON } from "./seed.ts";

/** The campaign names of the page's campaigns table, top to bottom. */
function tableNames(html: string): string[] {
  const start = html.indexOf('data-testid="campaigns-table"');
  const table = html.slice(start, html.indexOf("</table>", start));
  return [...table.matchAll(/<th scope="row"[^>]*><a [^>]*>([^<]+)<\/a><\/th>/g)].map((match) => match[1]!);
}

/**
 * 22 campaigns sent an hour ago, "Campaign 01" to "Campaign 22" (odd ones written in
 * lower case), the nth with n recipients; one person opened Campaign 04 (25%), one
 * Campaign 05 and two Campaign 10 (20% both).
 */
async function seedCampaigns(teamId: string) {
  const sentAt = new Date(Date.now() - 3_600_000);
  for (let n = 1; n <= 22; n++) {
    const number = String(n).padStart(2, "0");
    const { recipients } = await createSentCampaign(teamId, {
      name: `${n % 2 ? "campaign" : "Campaign"} ${number}`,
      recipients: n,
      sentAt,
    });
    const opens = { 4: 1, 5: 1, 10: 2 }[n] ?? 0;
    for (const recipient of recipients.slice(0, opens))
      await recordOpen(getDb(), { ...PERSON, deliveryId: recipient.deliveryId, at: new Date() });
  }
}

describe("the Analytics page's campaigns table", () => {
  test("shows the top of the chosen order with how many there are, and all of them when asked", async () => {
    const user = await signedIn();
    await seedCampaigns(user.teamId);
    const page = async (path: string) =>
      renderPage(path, analyticsPage, async () =>
        (await serveDashboard(analyticsPage.loader, getRequest(path, user.cookie))).json(),
      );

    const bySent = await page("/dashboard/analytics?range=7d&sort=sent");
    expect(tableNames(bySent.html)).toEqual(
      Array.from(
        { length: 20 },
        (_, i) => `${(22 - i) % 2 ? "campaign" : "Campaign"} ${String(22 - i).padStart(2, "0")}`,
      ),
    );
    expect(bySent.text).toContain("20 of 22 campaigns, by sent. Show all");
    expect(bySent.html).toContain('href="/dashboard/analytics?range=7d&amp;sort=sent&amp;campaigns=all"');

    const all = await page("/dashboard/analytics?range=7d&sort=sent&campaigns=all");
    expect(tableNames(all.html)).toHaveLength(22);
    expect(all.text).not.toContain("Show all");

    // Equal rates fall to the name, letter case aside, as do the campaigns nobody opened.
    const byOpenRate = await page("/dashboard/analytics?range=7d&sort=openRate");
    expect(tableNames(byOpenRate.html).slice(0, 6)).toEqual([
      "Campaign 04",
      "campaign 05",
      "Campaign 10",
      "campaign 01",
      "Campaign 02",
      "campaign 03",
    ]);
    expect(byOpenRate.text).toContain("25.0% (1)");

    const byName = await page("/dashboard/analytics?range=7d&sort=name");
    expect(tableNames(byName.html).at(-1)).toBe("Campaign 20");
    expect(byName.text).toContain("20 of 22 campaigns, by campaign.");
  });

  test("exports every campaign of the range to CSV, in the page's order", async () => {
    const user = await signedIn();
    await seedCampaigns(user.teamId);
    const response = await serveDashboard(
      campaignsCsv,
      getRequest("/dashboard/analytics/campaigns.csv?range=7d&sort=openRate", user.cookie),
    );
    const names = (await response.text())
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[1]);
    expect(names).toHaveLength(22);
    expect(names.slice(0, 4)).toEqual(["Campaign 04", "campaign 05", "Campaign 10", "campaign 01"]);
  });
});
