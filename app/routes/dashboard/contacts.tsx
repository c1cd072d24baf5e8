import { Link, useLocation } from "react-router";
import type { Route } from "./+types/contacts";
import { ContactsFilters } from "#app/components/contacts/contacts-filters.tsx";
import { ContactsList } from "#app/components/contacts/contacts-list.tsx";
import { firstPageHref, readContactsQuery } from "#app/components/contacts/contacts-query.ts";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { contactsPage } from "#server/contacts/list.ts";
import { sessionContext } from "#app/http/context.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";

export const meta: Route.MetaFunction = () => [{ title: "Contacts · Murmur" }];

const DESCRIPTION = "The people your team can reach, with their email and phone.";
const STALE_PAGE_LINK = "That page link is no longer valid, so the list starts from the first page.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const query = readContactsQuery(new URL(request.url).searchParams);
  const filter = { teamId: team.id, search: query.search, hasPhone: query.hasPhone };
  const page = await startOverOnStaleCursor(contactsPage(getDb(), { ...filter, after: query.cursor }), {
    firstPage: firstPageHref(query),
    message: STALE_PAGE_LINK,
  });
  return {
    query,
    contacts: page.contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      createdAt: contact.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
    total: page.total,
    capped: page.capped,
  };
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <>
      <PageHeader title="Contacts" description={DESCRIPTION} />
      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <ContactsFilters filter={loaderData.query} />
        </div>
        {/* Keyed by navigation: a selection belongs to the rows it was made on. */}
        <ContactsList key={location.key} data={loaderData} />
      </Card>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Contacts" description={DESCRIPTION} />
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <p className="font-medium">Failed to load contacts.</p>
        <Link
          to="/dashboard/contacts"
          reloadDocument
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Try again
        </Link>
      </Card>
    </>
  );
}
