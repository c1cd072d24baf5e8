import { BarChart3 } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { Route } from "./+types/analytics";
import { AnalyticsFilters } from "#app/components/analytics/analytics-filters.tsx";
import { AudienceGrowth } from "#app/components/analytics/audience-growth.tsx";
import { CampaignsTable } from "#app/components/analytics/campaigns-table.tsx";
import { ChannelsTable } from "#app/components/analytics/channels-table.tsx";
import { EventTrends } from "#app/components/analytics/event-trends.tsx";
import { HeadlineFigures } from "#app/components/analytics/headline-figures.tsx";
import { OverTime } from "#app/components/analytics/over-time.tsx";
import { PropertyValues } from "#app/components/analytics/property-values.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { getDb } from "#db/database.ts";
import { readAnalyticsPage } from "#server/analytics/analytics-page.ts";
import { readAnalyticsParams } from "#server/analytics/page-params.ts";
import { isAppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";

export const meta: Route.MetaFunction = () => [{ title: "Analytics · Murmur" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const params = readAnalyticsParams(new URL(request.url).searchParams);
  try {
    const page = await readAnalyticsPage(getDb(), { teamId: team.id, ...params });
    const body = {
      ...page,
      sort: params.sort,
      chosenEvents: params.eventNames,
      query: params.query,
      problems: params.problems,
    };
    return params.problems.length ? data(body, { status: 400 }) : body;
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Campaign not found.", { status: 404 });
    throw error;
  }
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const { period } = page;
  return (
    <>
      <PageHeader title="Analytics" description="How your campaigns perform and how your events trend over time." />
      <div className="flex flex-col gap-6">
        <AnalyticsFilters
          period={period}
          query={page.query}
          campaigns={page.campaignChoices}
          problems={page.problems}
        />
        <HeadlineFigures totals={page.totals} previous={page.previous} days={period.days} />
        <OverTime series={page.series} period={period} />
        <AudienceGrowth points={page.audience} timeZone={period.timeZone} />
        <CampaignsTable campaigns={page.campaigns} sort={page.sort} />
        <ChannelsTable channels={page.channels} />
        <EventTrends trends={page.events} names={page.eventNames} chosen={page.chosenEvents} timeZone={period.timeZone}>
          <PropertyValues section={page.properties} events={page.events.map((trend) => trend.name)} />
        </EventTrends>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title="Analytics" description="How your campaigns perform and how your events trend over time." />
      <EmptyState icon={BarChart3} title={notFound ? "Campaign not found." : "Failed to load analytics."}>
        <Link to="/dashboard/analytics" className="font-medium text-primary underline-offset-4 hover:underline">
          Show all campaigns
        </Link>
      </EmptyState>
    </>
  );
}
