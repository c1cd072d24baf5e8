import { Activity, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { type EventsQuery, eventsHref, isFiltered } from "./events-query.ts";

export type EventView = {
  id: string;
  type: string;
  name: string | null;
  userId: string | null;
  anonymousId: string | null;
  contact: { id: string; label: string } | null;
  properties: string;
  occurredAt: string;
};

/** How an event reads in a list: its name, or what kind of call it was. */
export function eventTitle(event: { type: string; name: string | null }): string {
  if (event.type === "identify") return "Identify";
  if (event.type === "page") return event.name ? `Page: ${event.name}` : "Page viewed";
  return event.name ?? "Track";
}

/** The live feed: newest first, a page at a time, each event with who did it and when. */
export function EventsFeed({
  events,
  query,
  nextCursor,
  timeZone,
}: {
  events: EventView[];
  query: EventsQuery;
  nextCursor: string | null;
  timeZone: string;
}) {
  const hydrated = useHydrated();
  const live = !query.cursor;
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone });
  return (
    <section aria-labelledby="feed-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="feed-heading" className="flex items-center gap-2 text-lg font-semibold">
          Live Feed
          {live && hydrated ? (
            <span className="flex items-center gap-1.5 text-xs font-normal text-muted-foreground">
              <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
              Updating automatically
            </span>
          ) : null}
        </h2>
        {/* Without JavaScript nothing updates by itself: reloading is one click. */}
        {hydrated ? null : (
          <Button variant="outline" size="sm" asChild>
            <Link to={eventsHref(query, query.cursor)}>
              <RefreshCw aria-hidden="true" />
              Refresh
            </Link>
          </Button>
        )}
      </div>
      {events.length === 0 ? (
        <EmptyState icon={Activity} title={isFiltered(query) ? "No events match your filters." : "No events yet."}>
          {isFiltered(query) ? null : (
            <p>
              Send events from your product with a write key from{" "}
              <Link to="/dashboard/settings/api-keys" className="underline underline-offset-4">
                Settings → API keys
              </Link>
              ; they appear here as they arrive.
            </p>
          )}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="border-b bg-muted/40 text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Event
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  User
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Properties
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Time
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id} className="border-b last:border-0 align-top">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-2">
                      <span className="font-medium">{eventTitle(event)}</span>
                      {event.type === "track" ? null : <Badge variant="outline">{event.type}</Badge>}
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <Person event={event} />
                  </td>
                  <td className="max-w-80 px-4 py-3">
                    <code className="block truncate text-xs text-muted-foreground" title={event.properties}>
                      {event.properties}
                    </code>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                    <time dateTime={event.occurredAt}>{when.format(new Date(event.occurredAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="flex justify-between gap-2">
        {query.cursor ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={eventsHref(query)}>Newest events</Link>
          </Button>
        ) : (
          <span />
        )}
        {nextCursor ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={eventsHref(query, nextCursor)}>Older events</Link>
          </Button>
        ) : null}
      </nav>
    </section>
  );
}

function Person({ event }: { event: EventView }) {
  const id = event.userId ?? event.anonymousId ?? "";
  return (
    <div className="flex flex-col gap-0.5">
      <span className="max-w-56 truncate font-mono text-xs" title={id}>
        {event.userId ?? <span className="text-muted-foreground">anonymous {event.anonymousId}</span>}
      </span>
      {event.contact ? (
        <Link
          to={`/dashboard/contacts/${event.contact.id}`}
          className="max-w-56 truncate text-xs underline underline-offset-4"
        >
          {event.contact.label}
        </Link>
      ) : null}
    </div>
  );
}
