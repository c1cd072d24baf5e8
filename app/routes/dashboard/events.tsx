import { Link } from "react-router";
import type { Route } from "./+types/events";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EventStatCards } from "#app/components/events/event-stat-cards.tsx";
import { EventsFeed, type EventView } from "#app/components/events/events-feed.tsx";
import { EventsFilters } from "#app/components/events/events-filters.tsx";
import { eventsHref, readEventsQuery } from "#app/components/events/events-query.ts";
import { useLiveFeed } from "#app/components/events/use-live-feed.ts";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { contactLabels } from "#server/contacts/labels.ts";
import { listEventNames, listEvents, newestEventKey } from "#server/events/list.ts";
import { eventStats } from "#server/events/stats.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { sessionContext } from "#app/http/context.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";

export const meta: Route.MetaFunction = () => [{ title: "Events · Murmur" }];

const DESCRIPTION = "What people do in your product, as it happens.";
const PROPERTIES_PREVIEW = 300;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const db = getDb();
  const query = readEventsQuery(new URL(request.url).searchParams);
  const timeZone = await teamTimeZone(db, team.id);
  const filter = { teamId: team.id, timeZone, search: query.q, name: query.name, from: query.from, to: query.to };
  const [page, stats, names, newest] = await startOverOnStaleCursor(
    Promise.all([
      listEvents(db, { ...filter, after: query.cursor }),
      eventStats(db, { teamId: team.id, timeZone }),
      listEventNames(db, { teamId: team.id }),
      newestEventKey(db, { teamId: team.id }),
    ]),
    {
      firstPage: eventsHref(query),
      message: "That page link is no longer valid, so the feed starts from the newest events.",
    },
  );
  const labels = await contactLabels(db, {
    teamId: team.id,
    ids: page.events.flatMap((e) => (e.contactId ? [e.contactId] : [])),
  });
  const events: EventView[] = page.events.map((e) => {
    const contact = e.contactId ? labels.get(e.contactId) : undefined;
    return {
      id: e.id,
      type: e.type,
      name: e.name,
      userId: e.userId,
      anonymousId: e.anonymousId,
      contact: contact ? { id: contact.id, label: contact.name ?? contact.email ?? "Contact" } : null,
      properties: JSON.stringify(e.properties).slice(0, PROPERTIES_PREVIEW),
      occurredAt: e.occurredAt.toISOString(),
    };
  });
  return { query, stats, names, events, nextCursor: page.nextCursor, newest, timeZone };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { query, stats, names, events, nextCursor, newest, timeZone } = loaderData;
  // Only the first page is live: an older page stays put while someone reads it.
  useLiveFeed(newest, !query.cursor);
  return (
    <>
      <PageHeader title="Events" description={DESCRIPTION} />
      <EventStatCards stats={stats} />
      <Card className="mb-6 p-4">
        <EventsFilters filter={query} names={names} />
      </Card>
      <EventsFeed events={events} query={query} nextCursor={nextCursor} timeZone={timeZone} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Events" description={DESCRIPTION} />
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <p className="font-medium">Failed to load events.</p>
        <Link to="/dashboard/events" reloadDocument className="text-sm text-primary underline-offset-4 hover:underline">
          Try again
        </Link>
      </Card>
    </>
  );
}
