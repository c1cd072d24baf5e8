import type * as React from "react";
import { Form, useSearchParams } from "react-router";
import type { EventTrend } from "#server/analytics/event-trends.ts";
import { Button } from "#app/components/ui/button.tsx";
import { countFormat } from "./format.ts";
import { keepForFigures } from "./kept-for-figures.ts";
import { LineChart } from "./line-chart.tsx";
import { Section } from "./section.tsx";

const COLORS = ["#6366f1", "#22c55e", "#f97316", "#0ea5e9", "#e11d48"];
const FILTERS = ["range", "from", "to", "channel", "campaignId", "sort", "property"];

/** Events per day for the chosen names (the five most frequent by default) and the people who did them. */
export function EventTrends({
  trends,
  names,
  chosen,
  timeZone,
  children,
}: {
  trends: EventTrend[];
  names: string[];
  chosen: string[];
  timeZone: string;
  /** More about the charted events, below the charts (the property values). */
  children?: React.ReactNode;
}) {
  const [search] = useSearchParams();
  // Derived from the kept trends, so the charts drawn from these rows are kept with them.
  const rows = keepForFigures(trends, "rows", () => chartRowsOf(trends));
  return (
    <Section title="Product events">
      {names.length ? (
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Event names">
          {FILTERS.map((key) =>
            search.get(key) ? <input key={key} type="hidden" name={key} value={search.get(key)!} /> : null,
          )}
          <fieldset className="flex flex-wrap gap-3 text-sm">
            <legend className="mb-1 text-sm font-medium">Events to chart (up to 5; the most frequent when none)</legend>
            {names.slice(0, 50).map((name) => (
              <label key={name} className="flex items-center gap-1">
                <input type="checkbox" name="event" value={name} defaultChecked={chosen.includes(name)} />
                {name}
              </label>
            ))}
          </fieldset>
          <Button type="submit" variant="outline" size="sm">
            Show
          </Button>
        </Form>
      ) : null}
      {trends.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No product events in this range. Send them to /v1/track with a write key from Settings → API Keys.
        </p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-4 text-sm" data-testid="event-totals">
            {trends.map((trend) => (
              <li key={trend.name}>
                {trend.name}: {countFormat.format(trend.total)}
              </li>
            ))}
          </ul>
          <LineChart
            title="Events per day"
            xKey="date"
            timeZone={timeZone}
            rows={rows}
            series={trends.map((trend, t) => ({ key: `e${t}`, label: trend.name, color: COLORS[t]! }))}
          />
          <LineChart
            title="Unique people per day"
            xKey="date"
            timeZone={timeZone}
            rows={rows}
            series={trends.map((trend, t) => ({ key: `p${t}`, label: `${trend.name} (people)`, color: COLORS[t]! }))}
          />
        </>
      )}
      {children}
    </Section>
  );
}

/** One row a day: each charted event's count (`e0`, `e1`, ...) and people (`p0`, `p1`, ...). */
function chartRowsOf(trends: readonly EventTrend[]) {
  return (trends[0]?.days ?? []).map((day, i) => {
    const row: Record<string, string | number> = { date: day.date };
    trends.forEach((trend, t) => {
      row[`e${t}`] = trend.days[i]!.events;
      row[`p${t}`] = trend.days[i]!.people;
    });
    return row;
  });
}
