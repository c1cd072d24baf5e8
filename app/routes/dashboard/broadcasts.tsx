import { Plus, Send } from "lucide-react";
import { Link, Outlet } from "react-router";
import type { Route } from "./+types/broadcasts";
import { CampaignCard } from "#app/components/broadcasts/campaign-card.tsx";
import { CampaignsPagination } from "#app/components/broadcasts/campaigns-pagination.tsx";
import { BROADCASTS_PATH } from "#app/components/broadcasts/format.ts";
import { SummaryCards } from "#app/components/broadcasts/summary-cards.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { readConversionCounts } from "#server/analytics/campaign-conversions.ts";
import { campaignsPage } from "#server/campaigns/campaigns.ts";
import { campaignSummary } from "#server/campaigns/summary.ts";
import { sessionContext } from "#app/http/context.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { getTeamSettings } from "#server/teams/settings.ts";
import { useAbility } from "#app/components/dashboard/use-ability.ts";

export const meta: Route.MetaFunction = () => [{ title: "Broadcasts · Murmur" }];

const DESCRIPTION = "Campaigns to your segments by email, SMS and WhatsApp.";

const STALE_PAGE_LINK = "That page link is no longer valid, so the list starts from the newest campaigns.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const cursor = new URL(request.url).searchParams.get("cursor") || null;
  const [page, summary, { timeZone }] = await Promise.all([
    startOverOnStaleCursor(campaignsPage(getDb(), { teamId: team.id, after: cursor }), {
      firstPage: BROADCASTS_PATH,
      message: STALE_PAGE_LINK,
    }),
    campaignSummary(getDb(), { teamId: team.id }),
    getTeamSettings(getDb(), { teamId: team.id }),
  ]);
  const withGoal = page.campaigns.filter((campaign) => campaign.conversionGoal).map((campaign) => campaign.id);
  const conversions = await readConversionCounts(getDb(), { teamId: team.id, campaignIds: withGoal });
  return {
    timeZone,
    summary,
    cursor,
    nextCursor: page.nextCursor,
    campaigns: page.campaigns.map((campaign) => ({
      id: campaign.id,
      name: campaign.name,
      type: campaign.type,
      state: campaign.state,
      subject: campaign.subject,
      segmentName: campaign.segmentLinks[0]?.segment.name ?? null,
      createdAt: campaign.createdAt.toISOString(),
      scheduledAt: campaign.scheduledAt?.toISOString() ?? null,
      analytics: campaign.analytics,
      // Null when the campaign names no goal: nothing to count, rather than a zero.
      conversions: campaign.conversionGoal ? (conversions.get(campaign.id) ?? 0) : null,
    })),
  };
}

export default function Broadcasts({ loaderData }: Route.ComponentProps) {
  const { summary, campaigns, timeZone, cursor, nextCursor } = loaderData;
  const write = useAbility("campaigns.write");
  return (
    <>
      <PageHeader
        title="Broadcasts"
        description={DESCRIPTION}
        actions={
          write.allowed ? (
            <Button asChild>
              <Link to={`${BROADCASTS_PATH}/new`} preventScrollReset>
                <Plus aria-hidden="true" />
                Create Campaign
              </Link>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{write.reason}</p>
          )
        }
      />
      {/* The open dialog route: a modal with JavaScript, a card here above the list without it. */}
      <Outlet />
      <SummaryCards summary={summary} />
      <section aria-labelledby="campaign-list-heading" className="flex flex-col gap-4">
        <h2 id="campaign-list-heading" className="text-lg font-semibold">
          Campaigns
        </h2>
        {campaigns.length === 0 ? (
          <EmptyState icon={Send} title="No campaigns yet. Create your first campaign to get started." />
        ) : (
          <ul className="flex flex-col gap-4">
            {campaigns.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard campaign={campaign} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
        <CampaignsPagination cursor={cursor} nextCursor={nextCursor} />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Broadcasts" description={DESCRIPTION} />
      <div className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 px-6 py-10 text-center">
        <p role="alert" className="font-medium text-destructive">
          Failed to load campaigns.
        </p>
        <Button variant="outline" asChild>
          <Link to={BROADCASTS_PATH} reloadDocument>
            Try again
          </Link>
        </Button>
      </div>
    </>
  );
}
