import { Eye, Mail, MousePointerClick, Send } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { countFormat } from "./format.ts";
import { Card } from "#app/components/ui/card.tsx";
import type { CampaignSummary } from "#server/campaigns/summary.ts";

function SummaryCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    // A `dl` may group each dt/dd pair in one div, no deeper: the card is that div, so the icon goes in the dt.
    <Card className="relative flex flex-col gap-1 p-5 pr-14">
      <dt className="text-sm text-muted-foreground">
        {label}
        <Icon className="absolute top-1/2 right-5 size-5 -translate-y-1/2" aria-hidden="true" />
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </Card>
  );
}

/** The four figures over the list; they count SENT campaigns only, as the spec says. */
export function SummaryCards({ summary }: { summary: CampaignSummary }) {
  return (
    <dl className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Sent campaigns summary">
      <SummaryCard label="Total Campaigns" value={countFormat.format(summary.totalCampaigns)} icon={Send} />
      <SummaryCard label="Emails Sent" value={countFormat.format(summary.emailsSent)} icon={Mail} />
      <SummaryCard label="Avg Open Rate" value={`${summary.avgOpenRate}%`} icon={Eye} />
      <SummaryCard label="Avg Click Rate" value={`${summary.avgClickRate}%`} icon={MousePointerClick} />
    </dl>
  );
}
