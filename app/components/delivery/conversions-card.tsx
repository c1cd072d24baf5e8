import type { CampaignConversions } from "#server/analytics/campaign-conversions.ts";
import type { ConversionGoal } from "#shared/campaigns/conversion-goal.ts";
import { countFormat } from "#app/components/broadcasts/format.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

const rateFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const revenueFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** The goal in words, as the marketer set it. */
function describeGoal(goal: ConversionGoal): string {
  const conditions = goal.properties.map(
    (p) => `${p.property} ${p.operator.replace(/_/g, " ")}${"value" in p ? ` ${String(p.value)}` : ""}`,
  );
  const where = conditions.length ? ` where ${conditions.join(" and ")}` : "";
  return `${goal.event}${where}, within ${goal.withinDays} ${goal.withinDays === 1 ? "day" : "days"} of receiving the message`;
}

/** Conversions of the campaign's goal: count, rate of recipients who received it, revenue. */
export function ConversionsCard({
  goal,
  conversions,
}: {
  goal: ConversionGoal | null;
  conversions: CampaignConversions;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Conversions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {goal ? (
          <>
            <p className="text-sm text-muted-foreground" data-testid="conversion-goal">
              Goal: {describeGoal(goal)}
            </p>
            <dl className="flex flex-wrap gap-6 text-sm">
              <div className="flex flex-col">
                <dt className="text-muted-foreground">Conversions</dt>
                <dd className="text-lg font-semibold tabular-nums">{countFormat.format(conversions.count)}</dd>
              </div>
              <div className="flex flex-col">
                <dt className="text-muted-foreground">Conversion rate</dt>
                <dd className="text-lg font-semibold tabular-nums">{rateFormat.format(conversions.rate)}%</dd>
              </div>
              {goal.revenueProperty ? (
                <div className="flex flex-col">
                  <dt className="text-muted-foreground">Revenue ({goal.revenueProperty})</dt>
                  <dd className="text-lg font-semibold tabular-nums">{revenueFormat.format(conversions.revenue)}</dd>
                </div>
              ) : null}
            </dl>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            No conversion goal: a draft or scheduled campaign can name one in its editor.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
