import { MailX } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/broadcast";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { CampaignTimelineChart } from "#app/components/analytics/campaign-timeline-chart.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { REASON_LABELS, recipientStatusLabel } from "#app/components/delivery/labels.ts";
import { BROADCASTS_PATH, countFormat, formatDateTime } from "#app/components/broadcasts/format.ts";
import { EmptyState } from "#app/components/empty-state.tsx";
import { KeysetPager } from "#app/components/keyset-pager.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { readCampaignPageFigures } from "#server/analytics/campaign-page-figures.ts";
import type { ExclusionReason } from "#server/delivery/audience.ts";
import { campaignReport } from "#server/delivery/campaign-report.ts";
import { sessionContext } from "#app/http/context.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { readPageRequest } from "#app/lib/page-cursor.ts";
import { OUTCOME_LABELS, RecipientOutcomeFilter } from "#app/components/delivery/recipient-outcome-filter.tsx";
import { readOutcome } from "#server/delivery/recipients-query.ts";
import { LinksCard, MailClientsCard } from "#app/components/delivery/engagement-tables.tsx";
import { campaignClients } from "#server/campaigns/campaign-clients.ts";
import { campaignLinks } from "#server/campaigns/campaign-links.ts";
import { ConversionsCard } from "#app/components/delivery/conversions-card.tsx";

const NOT_FOUND = "Campaign not found.";
/** While a campaign is on its way, the page reloads itself (with or without JavaScript) to show progress. */
const REFRESH_SECONDS = 3;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.campaign.name ?? "Campaign"} · Murmur` },
  ...(loaderData && ["ACTIVE", "SCHEDULED"].includes(loaderData.campaign.state)
    ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }]
    : []),
];

/** The excluded list pages with its own cursors (`excludedAfter`, `excludedBefore`), apart from the recipients'. */
const EXCLUDED_PAGES = "excluded";
const STALE_PAGE_LINK = "That page link is no longer valid, so the lists start from their first page.";

export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const { team } = context.get(sessionContext);
  const url = new URL(request.url);
  const outcome = readOutcome(url.searchParams.get("outcome"));
  const db = getDb();
  const target = { teamId: team.id, campaignId: params.id };
  const [report, { timeZone, timeline, conversions }, links, clients] = await Promise.all([
    startOverOnStaleCursor(
      campaignReport(db, {
        teamId: team.id,
        campaignId: params.id,
        outcome,
        recipients: readPageRequest(url.searchParams),
        excluded: readPageRequest(url.searchParams, EXCLUDED_PAGES),
      }),
      { firstPage: url.pathname, message: STALE_PAGE_LINK },
    ),
    readCampaignPageFigures(db, target),
    campaignLinks(db, target),
    campaignClients(db, target),
  ]);
  const { campaign } = report;
  return {
    timeZone,
    timeline,
    outcome,
    campaign: {
      id: campaign.id,
      name: campaign.name,
      type: campaign.type,
      state: campaign.state,
      scheduledAt: campaign.scheduledAt?.toISOString() ?? null,
      sentAt: campaign.sentAt?.toISOString() ?? null,
    },
    progress: report.progress,
    excluded: report.excluded,
    analytics: report.analytics,
    links,
    clients,
    conversionGoal: campaign.conversionGoal,
    conversions,
    recipients: {
      ...report.recipients,
      rows: report.recipients.rows.map((row) => ({
        contactId: row.contactId,
        name: row.name,
        address: row.address,
        status: row.status,
        error: row.error,
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    },
    excludedList: report.excludedList,
  };
});

export default function Broadcast({ loaderData }: Route.ComponentProps) {
  const {
    campaign,
    progress,
    excluded,
    analytics,
    links,
    clients,
    conversionGoal,
    conversions,
    recipients,
    excludedList,
    timeZone,
    outcome,
    timeline,
  } = loaderData;
  const final = progress.sent + progress.failed + progress.unknown + progress.skipped;
  const excludedTotal = Object.values(excluded).reduce((sum, n) => sum + n, 0);

  return (
    <>
      <PageHeader
        title={campaign.name}
        description={
          <>
            {campaign.type} campaign ·{" "}
            <Badge variant="outline" data-testid="campaign-state">
              {campaign.state}
            </Badge>
            {campaign.state === "SCHEDULED" && campaign.scheduledAt
              ? ` · starts ${formatDateTime(campaign.scheduledAt, timeZone)}`
              : null}
            {campaign.sentAt ? ` · sent ${formatDateTime(campaign.sentAt, timeZone)}` : null}
          </>
        }
        actions={
          <>
            <Button variant="outline" size="sm" asChild>
              <Link to="/dashboard/outbox">Outbox</Link>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link to={BROADCASTS_PATH}>All broadcasts</Link>
            </Button>
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{campaign.state === "ACTIVE" ? "Sending" : "Delivery"}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <p className="text-sm" data-testid="progress">
              {countFormat.format(final)} of {countFormat.format(progress.total)} recipients done
            </p>
            <progress className="h-2 w-full" max={Math.max(1, progress.total)} value={final} aria-label="Progress" />
            <Figures
              items={[
                ["Waiting", progress.queued],
                ["Sending", progress.sending],
                ["Sent", progress.sent],
                ["Failed", progress.failed],
                ["Unknown outcome", progress.unknown],
                ["Held back by frequency cap", progress.skipped],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Funnel</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Figures
              items={[
                ["Sent", analytics.sent],
                ["Delivered", analytics.delivered],
                ["Opened", analytics.opened],
                ["Clicked", analytics.clicked],
                ["Unsubscribed", analytics.unsubscribed],
                ["Bounced", analytics.bounced],
                ["Failed", analytics.failed],
              ]}
            />
            {analytics.botOpened > 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="machine-opens">
                {countFormat.format(analytics.botOpened)} machine {analytics.botOpened === 1 ? "open" : "opens"} (mail
                privacy proxies, scanners), not counted in Opened or the open rate.
              </p>
            ) : null}
          </CardContent>
        </Card>
        {campaign.sentAt || timeline.length ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Opens and clicks over time</CardTitle>
            </CardHeader>
            <CardContent>
              <CampaignTimelineChart timeline={timeline} timeZone={timeZone} />
            </CardContent>
          </Card>
        ) : null}
        <ConversionsCard goal={conversionGoal} conversions={conversions} />
        <div className="grid gap-6 lg:grid-cols-2">
          <LinksCard links={links} />
          <MailClientsCard clients={clients} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recipients</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <RecipientOutcomeFilter pathname={`${BROADCASTS_PATH}/${campaign.id}`} outcome={outcome} />
            {recipients.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {outcome
                  ? `No recipients with the outcome ${OUTCOME_LABELS[outcome]}.`
                  : "No recipients yet: they are resolved when the campaign starts."}
              </p>
            ) : (
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th className="py-2 font-medium">Recipient</th>
                    <th className="py-2 font-medium">Status</th>
                    <th className="py-2 font-medium">Sent</th>
                    <th className="py-2 font-medium">Error</th>
                  </tr>
                </thead>
                <tbody>
                  {recipients.rows.map((row) => (
                    <tr key={row.contactId} className="border-t align-top">
                      <td className="py-2">
                        <Link to={`/dashboard/contacts/${row.contactId}`} className="hover:underline">
                          {row.address}
                        </Link>
                        {row.name ? <span className="block text-muted-foreground">{row.name}</span> : null}
                      </td>
                      <td className="py-2">{recipientStatusLabel(row)}</td>
                      <td className="py-2">{row.sentAt ? formatDateTime(row.sentAt, timeZone) : ""}</td>
                      <td
                        className={
                          row.status === "skipped" || row.status === "queued" ? "py-2" : "py-2 text-destructive"
                        }
                      >
                        {row.error ?? ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <KeysetPager page={recipients} label="recipients" />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Excluded: {countFormat.format(excludedTotal)}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Figures
              items={(Object.entries(excluded) as [ExclusionReason, number][]).map(([reason, n]) => [
                REASON_LABELS[reason],
                n,
              ])}
            />
            {excludedList.rows.length > 0 ? (
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th className="py-2 font-medium">Contact</th>
                    <th className="py-2 font-medium">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {excludedList.rows.map((row) => (
                    <tr key={row.contactId} className="border-t">
                      <td className="py-2">
                        <Link to={`/dashboard/contacts/${row.contactId}`} className="hover:underline">
                          {row.address ?? row.name ?? "Unnamed contact"}
                        </Link>
                      </td>
                      <td className="py-2">{REASON_LABELS[row.reason]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <KeysetPager page={excludedList} label="excluded contacts" prefix={EXCLUDED_PAGES} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function Figures({ items }: { items: [string, number][] }) {
  return (
    <dl className="flex flex-wrap gap-6 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{countFormat.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title="Campaign" description="How a campaign's sending went." />
      <EmptyState icon={MailX} title={notFound ? NOT_FOUND : "Failed to load the campaign."}>
        <Link to={BROADCASTS_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Go to broadcasts
        </Link>
      </EmptyState>
    </>
  );
}
