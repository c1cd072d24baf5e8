import { Megaphone } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";

export type RecentCampaign = {
  id: string;
  name: string;
  segmentName: string;
  state: string;
  opens: number;
  clicks: number;
  /** clicks / opens × 100 to one decimal; null when nothing was opened. */
  clickRate: number | null;
};

/** The spec's badge styles: SENT default, SCHEDULED secondary, others outline. */
function badgeVariantOf(state: string) {
  if (state === "SENT") return "default" as const;
  if (state === "SCHEDULED") return "secondary" as const;
  return "outline" as const;
}

const numberFormat = new Intl.NumberFormat("en-US");

/** The newest campaigns, with who they go to and how they did. */
export function RecentCampaigns({ campaigns }: { campaigns: RecentCampaign[] }) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" className="text-lg">
            Recent Campaigns
          </CardTitle>
          <CardDescription>Your latest broadcasts and how they are doing.</CardDescription>
        </div>
        {campaigns.length > 0 ? (
          <Link
            to="/dashboard/broadcasts"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            View all campaigns
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {campaigns.length === 0 ? (
          <EmptyState icon={Megaphone} title="No campaigns yet. Create your first campaign to get started." />
        ) : (
          <ul aria-label="Recent campaigns" className="divide-y rounded-lg border">
            {campaigns.map((campaign) => (
              <li
                key={campaign.id}
                aria-label={campaign.name}
                className="flex flex-wrap items-center justify-between gap-4 p-4"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-medium">{campaign.name}</span>
                    <Badge variant={badgeVariantOf(campaign.state)}>{campaign.state}</Badge>
                  </div>
                  <span className="text-sm text-muted-foreground">{campaign.segmentName}</span>
                </div>
                <dl className="flex gap-6 text-sm">
                  <Metric label="Opens" value={numberFormat.format(campaign.opens)} />
                  <Metric label="Clicks" value={numberFormat.format(campaign.clicks)} />
                  {campaign.clickRate !== null ? (
                    <Metric label="CTR" value={`${campaign.clickRate.toFixed(1)}%`} />
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col items-end">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
