import type { GrowthPoint } from "#server/analytics/audience-growth.ts";
import { countFormat } from "./format.ts";
import { LineChart } from "./line-chart.tsx";
import { Section } from "./section.tsx";

/** Contacts added, unsubscribed and the net per day. */
export function AudienceGrowth({ points, timeZone }: { points: GrowthPoint[]; timeZone: string }) {
  const added = points.reduce((sum, p) => sum + p.added, 0);
  const unsubscribed = points.reduce((sum, p) => sum + p.unsubscribed, 0);
  return (
    <Section title="Audience growth">
      {added === 0 && unsubscribed === 0 ? (
        <p className="text-sm text-muted-foreground">
          No contacts were added or unsubscribed in this range. Import contacts from Segments, or add them through the
          API.
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="audience-totals">
            {countFormat.format(added)} added, {countFormat.format(unsubscribed)} unsubscribed, net{" "}
            {added - unsubscribed >= 0 ? "+" : ""}
            {countFormat.format(added - unsubscribed)}
          </p>
          <LineChart
            title="Contacts added and unsubscribed"
            xKey="date"
            timeZone={timeZone}
            rows={points}
            series={[
              { key: "added", label: "Added", color: "#22c55e" },
              { key: "unsubscribed", label: "Unsubscribed", color: "#ef4444" },
              { key: "net", label: "Net", color: "#6366f1" },
            ]}
          />
        </>
      )}
    </Section>
  );
}
