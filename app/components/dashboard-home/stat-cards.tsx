import { type LucideIcon, Layers, Minus, Send, TrendingDown, TrendingUp, Users, MailOpen } from "lucide-react";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ChangeText } from "./format-change.ts";

export type StatCardsData = {
  contacts: { total: number; change: ChangeText };
  campaigns: { active: number; total: number; change: ChangeText };
  openRate: { value: number; change: ChangeText };
  segments: { total: number; change: ChangeText };
};

const numberFormat = new Intl.NumberFormat("en-US");

/** The four figures at the top of the dashboard, each with its change against the previous 30 days. */
export function StatCards({ stats }: { stats: StatCardsData }) {
  return (
    <section aria-labelledby="stats-heading" className="mb-8">
      <h2 id="stats-heading" className="sr-only">
        Overview
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Contacts"
          icon={Users}
          value={numberFormat.format(stats.contacts.total)}
          change={stats.contacts.change}
        />
        <StatCard
          title="Active Campaigns"
          icon={Send}
          value={numberFormat.format(stats.campaigns.active)}
          detail={`of ${numberFormat.format(stats.campaigns.total)} total`}
          change={stats.campaigns.change}
        />
        <StatCard
          title="Open Rate"
          icon={MailOpen}
          value={`${stats.openRate.value.toFixed(1)}%`}
          change={stats.openRate.change}
        />
        <StatCard
          title="Total Segments"
          icon={Layers}
          value={numberFormat.format(stats.segments.total)}
          change={stats.segments.change}
        />
      </ul>
    </section>
  );
}

const TREND_ICON = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;

function StatCard({
  title,
  icon: Icon,
  value,
  detail,
  change,
}: {
  title: string;
  icon: LucideIcon;
  value: string;
  detail?: string;
  change: ChangeText;
}) {
  const TrendIcon = TREND_ICON[change.trend];
  const id = `stat-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-5" role="group" aria-labelledby={id}>
        <div className="flex items-center justify-between gap-2">
          <h3 id={id} className="text-sm font-medium text-muted-foreground">
            {title}
          </h3>
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        </div>
        <p className="flex items-baseline gap-2">
          <span className="text-2xl font-bold tabular-nums">{value}</span>{" "}
          {detail ? <span className="text-sm text-muted-foreground">{detail}</span> : null}
        </p>
        <p
          className={cn(
            "flex items-center gap-1 text-xs",
            change.trend === "up" && "text-emerald-700 dark:text-emerald-400",
            change.trend === "down" && "text-destructive",
            change.trend === "flat" && "text-muted-foreground",
          )}
        >
          <TrendIcon className="size-3.5" aria-hidden="true" />
          {change.text}
        </p>
      </Card>
    </li>
  );
}
