import type { ReportTotals } from "#server/analytics/analytics-report.ts";
import { Card } from "#app/components/ui/card.tsx";
import { countFormat, formatChange, formatRate, revenueFormat } from "./format.ts";

type Props = { totals: ReportTotals; previous: ReportTotals; days: number };

type Figure = { label: string; value: string; detail?: string; change: string };

/** The range's headline figures, each with its change against the period before; every rate shows its counts. */
export function HeadlineFigures({ totals, previous, days }: Props) {
  const count = (label: string, key: keyof ReportTotals): Figure => ({
    label,
    value: countFormat.format(totals[key]),
    change: formatChange(totals[key], previous[key], "count"),
  });
  const rate = (
    label: string,
    key: "openRate" | "clickRate" | "clickToOpenRate" | "conversionRate",
    part: number,
    whole: number,
    of: string,
  ): Figure => ({
    label,
    value: formatRate(totals[key]),
    detail: `${countFormat.format(part)} of ${countFormat.format(whole)} ${of}`,
    change: formatChange(totals[key], previous[key], "rate"),
  });
  const figures: Figure[] = [
    count("Sent", "sent"),
    count("Delivered", "delivered"),
    count("Unique opens", "opened"),
    count("Unique clicks", "clicked"),
    rate("Open rate", "openRate", totals.opened, totals.sent, "sent"),
    rate("Click rate", "clickRate", totals.clicked, totals.sent, "sent"),
    rate("Click-to-open rate", "clickToOpenRate", totals.clicked, totals.opened, "opened"),
    count("Unsubscribes", "unsubscribed"),
    count("Bounces", "bounced"),
    count("Failures", "failed"),
    count("Conversions", "conversions"),
    rate("Conversion rate", "conversionRate", totals.conversions, totals.sent - totals.bounced, "received"),
    {
      label: "Revenue",
      value: revenueFormat.format(totals.revenue),
      change: formatChange(totals.revenue, previous.revenue, "count"),
    },
  ];
  return (
    <section aria-labelledby="headline-title" className="flex flex-col gap-3">
      <h2 id="headline-title" className="text-lg font-semibold">
        Headline figures
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" data-testid="headline-figures">
        {figures.map((figure) => (
          // The card is the one div a dl allows around its dt/dd group.
          <Card key={figure.label} className="flex flex-col gap-1 p-6 pt-4">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`figure-${figure.label}`}>
              {figure.value}
            </dd>
            {figure.detail ? <dd className="text-xs text-muted-foreground">{figure.detail}</dd> : null}
            <dd className="text-xs text-muted-foreground">
              {figure.change} vs previous {days} {days === 1 ? "day" : "days"}
            </dd>
          </Card>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground" data-testid="machine-figures">
        Machines (mail privacy proxies, link scanners): {countFormat.format(totals.botOpens)} opens and{" "}
        {countFormat.format(totals.botClicks)} clicks, {countFormat.format(totals.botOpened)} messages opened only by
        machines. Not counted in the figures or rates above.
      </p>
    </section>
  );
}
