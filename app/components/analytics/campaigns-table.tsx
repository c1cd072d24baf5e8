import { Link, useSearchParams } from "react-router";
import type { CampaignSort } from "#server/analytics/breakdowns.ts";
import type { CampaignRowWithConversions } from "#server/analytics/campaigns-with-conversions.ts";
import { Button } from "#app/components/ui/button.tsx";
import { countFormat, formatRate, revenueFormat } from "./format.ts";
import { Section } from "./section.tsx";

const COLUMNS: { sort: CampaignSort; label: string }[] = [
  { sort: "name", label: "Campaign" },
  { sort: "sent", label: "Sent" },
  { sort: "delivered", label: "Delivered" },
  { sort: "openRate", label: "Open rate" },
  { sort: "clickRate", label: "Click rate" },
  { sort: "unsubscribed", label: "Unsubscribes" },
];

/**
 * Campaigns with figures in the range, the top of the chosen order unless all were
 * asked for; headers are GET links that sort, and the CSV carries the same filters.
 */
export function CampaignsTable({
  campaigns: { rows: campaigns, total },
  sort,
}: {
  campaigns: { rows: CampaignRowWithConversions[]; total: number };
  sort: CampaignSort;
}) {
  const [search] = useSearchParams();
  const linkWith = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    return `?${next}`;
  };
  const csv = new URLSearchParams(search);
  csv.set("sort", sort);
  return (
    <Section
      title="Campaigns in the range"
      actions={
        campaigns.length ? (
          <Button variant="outline" size="sm" asChild>
            <a href={`/dashboard/analytics/campaigns.csv?${csv}`} download>
              Export CSV
            </a>
          </Button>
        ) : null
      }
    >
      {campaigns.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No campaign sent or engaged in this range. Choose a longer range, or send one from Broadcasts.
        </p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="campaigns-table">
          <thead className="text-muted-foreground">
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.sort}
                  scope="col"
                  className={column.sort === "name" ? "py-2 font-medium" : "py-2 text-right font-medium"}
                  aria-sort={sort === column.sort ? (column.sort === "name" ? "ascending" : "descending") : undefined}
                >
                  <Link to={linkWith({ sort: column.sort })} preventScrollReset>
                    {column.label}
                    {sort === column.sort ? (column.sort === "name" ? " ↑" : " ↓") : ""}
                  </Link>
                </th>
              ))}
              <th scope="col" className="py-2 text-right font-medium">
                Conversions
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => (
              <tr key={campaign.id} className="border-t">
                <th scope="row" className="py-2 font-normal">
                  <Link to={`/dashboard/broadcasts/${campaign.id}`} className="underline-offset-4 hover:underline">
                    {campaign.name}
                  </Link>
                </th>
                <td className="py-2 text-right tabular-nums">{countFormat.format(campaign.sent)}</td>
                <td className="py-2 text-right tabular-nums">{countFormat.format(campaign.delivered)}</td>
                <td className="py-2 text-right tabular-nums">
                  {formatRate(campaign.openRate)}{" "}
                  <span className="text-muted-foreground">({countFormat.format(campaign.opened)})</span>
                </td>
                <td className="py-2 text-right tabular-nums">
                  {formatRate(campaign.clickRate)}{" "}
                  <span className="text-muted-foreground">({countFormat.format(campaign.clicked)})</span>
                </td>
                <td className="py-2 text-right tabular-nums">{countFormat.format(campaign.unsubscribed)}</td>
                <td className="py-2 text-right tabular-nums">
                  {countFormat.format(campaign.conversions)}{" "}
                  <span className="text-muted-foreground">({formatRate(campaign.conversionRate)})</span>
                </td>
                <td className="py-2 text-right tabular-nums">{revenueFormat.format(campaign.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {campaigns.length < total ? (
        <p className="text-sm text-muted-foreground" data-testid="campaigns-shown">
          {countFormat.format(campaigns.length)} of {countFormat.format(total)} campaigns, by{" "}
          {COLUMNS.find((column) => column.sort === sort)!.label.toLowerCase()}.{" "}
          {search.get("campaigns") === "all" ? null : (
            <Link to={linkWith({ campaigns: "all" })} preventScrollReset className="font-medium text-primary">
              Show all
            </Link>
          )}
        </p>
      ) : null}
    </Section>
  );
}
