import { Eye, Mail, MousePointerClick, Send } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { countFormat } from "./format.ts";
import { Card } from "#app/components/ui/card.tsx";
import type { CampaignSummary } from "#server/campaigns/summary.ts";

function SummaryCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="flex items-center justify-between gap-4 p-5">
      <div className="flex flex-col gap-1">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      </div>
      <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
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
