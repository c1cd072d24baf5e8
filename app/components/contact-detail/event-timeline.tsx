import { Activity } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { eventTitle } from "#app/components/events/events-feed.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";

export type TimelineEventView = {
  id: string;
  type: string;
  name: string | null;
  properties: string;
  occurredAt: string;
};

/** The contact's events, newest first, a page at a time; paging is plain links, so it works without JavaScript. */
export function EventTimeline({
  events,
  contactPath,
  cursor,
  nextCursor,
  timeZone,
}: {
  events: TimelineEventView[];
  /** This contact's page; pages add `?cursor=`. */
  contactPath: string;
  cursor: string | null;
  nextCursor: string | null;
  timeZone: string;
}) {
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone });
  return (
    <Card className="flex flex-col gap-4 p-4 md:p-6" role="region" aria-labelledby="contact-timeline-heading">
      <h2 id="contact-timeline-heading" className="text-lg font-semibold">
        Event timeline
      </h2>
      {events.length === 0 ? (
        <EmptyState icon={Activity} title={cursor ? "No older events." : "No events yet."}>
          {cursor ? null : (
            <p>Events sent with this contact's user ID, or from a device an identify linked to them, appear here.</p>
          )}
        </EmptyState>
      ) : (
        <ol className="flex flex-col" aria-label="Events, newest first">
          {events.map((event) => (
            <li key={event.id} className="flex flex-col gap-1 border-l-2 border-muted py-2 pl-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{eventTitle(event)}</span>
                {event.type === "track" ? null : <Badge variant="outline">{event.type}</Badge>}
                <time dateTime={event.occurredAt} className="text-sm text-muted-foreground">
                  {when.format(new Date(event.occurredAt))}
                </time>
              </div>
              {event.properties === "{}" ? null : (
                <code className="block truncate text-xs text-muted-foreground" title={event.properties}>
                  {event.properties}
                </code>
              )}
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Timeline pages" className="flex justify-between gap-2">
        {cursor ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={contactPath}>Newest events</Link>
          </Button>
        ) : (
          <span />
        )}
        {nextCursor ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={`${contactPath}?cursor=${encodeURIComponent(nextCursor)}`}>Older events</Link>
          </Button>
        ) : null}
      </nav>
    </Card>
  );
}
