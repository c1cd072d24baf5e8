import type { AnalyticsPeriod } from "#server/analytics/period.ts";
import type { EngagementPoint } from "#server/analytics/series.ts";
import { LineChart } from "./line-chart.tsx";
import { Section } from "./section.tsx";

export const ENGAGEMENT_SERIES = [
  { key: "sent", label: "Sent", color: "#64748b" },
  { key: "delivered", label: "Delivered", color: "#0ea5e9" },
  { key: "opened", label: "Opened", color: "#22c55e" },
  { key: "clicked", label: "Clicked", color: "#f97316" },
];

/** Sent, delivered, opened and clicked per day of the range (per hour for two days or less). */
export function OverTime({ series, period }: { series: EngagementPoint[]; period: AnalyticsPeriod }) {
  const empty = series.every((point) => point.sent === 0 && point.opened === 0 && point.clicked === 0);
  return (
    <Section title={period.hourly ? "Over time, per hour" : "Over time, per day"}>
      {empty ? (
        <p className="text-sm text-muted-foreground">
          Nothing was sent or opened in this range. Send a campaign from Broadcasts, or choose a longer range.
        </p>
      ) : (
        <LineChart
          title="Sent, delivered, opened and clicked"
          xKey="date"
          timeZone={period.timeZone}
          rows={series}
          series={ENGAGEMENT_SERIES}
        />
      )}
    </Section>
  );
}
