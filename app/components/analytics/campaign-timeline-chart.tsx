import type { TimelinePoint } from "#server/analytics/campaign-timeline.ts";
import { LineChart } from "./line-chart.tsx";

/** People's opens and clicks of one campaign since it was sent: hourly for 48 hours, then daily. */
export function CampaignTimelineChart({ timeline, timeZone }: { timeline: TimelinePoint[]; timeZone: string }) {
  if (timeline.every((point) => point.opened === 0 && point.clicked === 0)) {
    return (
      <p className="text-sm text-muted-foreground">
        No opens or clicks yet. They appear here hour by hour as recipients read the message.
      </p>
    );
  }
  return (
    <LineChart
      title="Opens and clicks over time"
      xKey="at"
      timeZone={timeZone}
      rows={timeline}
      series={[
        { key: "opened", label: "Opened", color: "#22c55e" },
        { key: "clicked", label: "Clicked", color: "#f97316" },
      ]}
    />
  );
}
