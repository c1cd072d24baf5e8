import { UserX } from "lucide-react";
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import type { Route } from "./+types/contact";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { ChannelSubscriptions } from "#app/components/contact-detail/channel-subscriptions.tsx";
import { ContactAttributes } from "#app/components/contact-detail/contact-attributes.tsx";
import { ContactFields } from "#app/components/contact-detail/contact-fields.tsx";
import { EventTimeline } from "#app/components/contact-detail/event-timeline.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { ContactJourneys } from "#app/components/journeys/contact-journeys.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { getContactDetail } from "#server/contacts/detail.ts";
import { can } from "#server/teams/permissions.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { contactTimeline } from "#server/events/timeline.ts";
import { listContactJourneys } from "#server/journeys/contact-journeys.ts";
import { formatInTimeZone } from "#shared/teams/time-zone.ts";
import { sessionContext } from "#app/http/context.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Contact"} · Murmur` }];

const NOT_FOUND = "Contact not found.";
const STALE_PAGE_LINK = "That page link is no longer valid, so the timeline starts from the newest events.";
const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;
const PROPERTIES_PREVIEW = 300;

export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const { team } = context.get(sessionContext);
  const db = getDb();
  const contact = await getContactDetail(db, { teamId: team.id, contactId: params.id });
  const contactPath = `/dashboard/contacts/${contact.id}`;
  const given = new URL(request.url).searchParams.get("cursor");
  const cursor = given && CURSOR_SHAPE.test(given) ? given : null;
  const [timeline, timeZone, journeys] = await startOverOnStaleCursor(
    Promise.all([
      contactTimeline(db, { teamId: team.id, contactId: contact.id, after: cursor }),
      teamTimeZone(db, team.id),
      listContactJourneys(db, { teamId: team.id, contactId: contact.id }),
    ]),
    { firstPage: contactPath, message: STALE_PAGE_LINK },
  );
  return {
    canChange: can(team.role, "contacts.write"),
    title: contact.name ?? contact.email ?? contact.phone ?? contact.externalId ?? "Unnamed contact",
    contactPath,
    timeZone,
    contact: {
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      externalId: contact.externalId,
      anonymousIds: contact.anonymousIds,
      createdAt: contact.createdAt.toISOString(),
      updatedAt: contact.updatedAt.toISOString(),
    },
    attributes: Object.entries(contact.attributes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => ({ name, value: typeof value === "string" ? value : JSON.stringify(value) })),
    subscriptions: contact.subscriptions.map((s) => ({
      ...s,
      suppressed: s.suppressed ? { reason: s.suppressed.reason, since: s.suppressed.since.toISOString() } : null,
    })),
    events: timeline.events.map((e) => ({
      id: e.id,
      type: e.type,
      name: e.name,
      properties: JSON.stringify(e.properties).slice(0, PROPERTIES_PREVIEW),
      occurredAt: e.occurredAt.toISOString(),
    })),
    journeys: journeys.map(({ finishedAt: _, enteredAt, ...run }) => ({
      ...run,
      enteredAt: formatInTimeZone(enteredAt, timeZone),
    })),
    cursor,
    nextCursor: timeline.nextCursor,
  };
});

export default function Contact({ loaderData }: Route.ComponentProps) {
  const {
    title,
    contactPath,
    canChange,
    timeZone,
    contact,
    attributes,
    subscriptions,
    journeys,
    events,
    cursor,
    nextCursor,
  } = loaderData;
  return (
    <>
      <PageHeader
        title={title}
        description="Who this contact is, how they can be reached, and what they did."
        actions={
          <>
            <PrivacyActions contactPath={contactPath} enabled={canChange} />
            <BackToContacts />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <ContactFields contact={contact} timeZone={timeZone} />
          <ChannelSubscriptions subscriptions={subscriptions} timeZone={timeZone} />
          <ContactAttributes attributes={attributes} />
          <ContactJourneys rows={journeys} />
        </div>
        <EventTimeline
          events={events}
          contactPath={contactPath}
          cursor={cursor}
          nextCursor={nextCursor}
          timeZone={timeZone}
        />
      </div>
      <Outlet />
    </>
  );
}

/** Export and delete act on the person's data, so a Viewer sees them disabled. */
function PrivacyActions({ contactPath, enabled }: { contactPath: string; enabled: boolean }) {
  if (!enabled) {
    return (
      <>
        <Button variant="outline" size="sm" disabled title="A Viewer cannot change contacts.">
          Export data
        </Button>
        <Button variant="outline" size="sm" disabled title="A Viewer cannot change contacts.">
          Delete contact
        </Button>
      </>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" asChild>
        <a href={`${contactPath}/export.json`} download>
          Export data
        </a>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <Link to={`${contactPath}/delete`}>Delete contact</Link>
      </Button>
    </>
  );
}

function BackToContacts() {
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to="/dashboard/contacts">All contacts</Link>
    </Button>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title="Contact" description="Who this contact is, how they can be reached, and what they did." />
      <EmptyState icon={UserX} title={notFound ? NOT_FOUND : "Failed to load the contact."}>
        <Link to="/dashboard/contacts" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to contacts
        </Link>
      </EmptyState>
    </>
  );
}
