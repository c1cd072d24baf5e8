import { Inbox } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { formatDateTime } from "#app/components/broadcasts/format.ts";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { KeysetPager } from "#app/components/keyset-pager.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { listOutbox } from "#server/delivery/outbox.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { sessionContext } from "#app/http/context.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { firstPageHref, readPageRequest } from "#app/lib/page-cursor.ts";

export const meta: Route.MetaFunction = () => [{ title: "Outbox · Murmur" }];

const DESCRIPTION = "Messages of channels without a provider are kept here, as their recipients would see them.";
const STALE_PAGE_LINK = "That page link is no longer valid, so the list starts from the first page.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const url = new URL(request.url);
  const at = readPageRequest(url.searchParams);
  const db = getDb();
  const [page, timeZone] = await Promise.all([
    startOverOnStaleCursor(listOutbox(db, { teamId: team.id, ...at }), {
      firstPage: firstPageHref(url),
      message: STALE_PAGE_LINK,
    }),
    teamTimeZone(db, team.id),
  ]);
  return {
    firstPage: !at.after && !at.before,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
    timeZone,
    messages: page.rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, firstPage, timeZone } = loaderData;
  return (
    <>
      <PageHeader title="Outbox" description={DESCRIPTION} />
      {messages.length === 0 && firstPage ? (
        <EmptyState icon={Inbox} title="The outbox is empty">
          Campaigns sent on a channel with no provider configured land here.
        </EmptyState>
      ) : (
        <Card className="p-0">
          <ul className="divide-y">
            {messages.map((message) => (
              <li key={message.id}>
                <Link
                  to={`/dashboard/outbox/${message.id}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3 hover:bg-muted"
                >
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{message.summary}</span>
                    <span className="text-sm text-muted-foreground">
                      {message.channel} to {message.toAddress}
                    </span>
                  </span>
                  <span className="text-sm text-muted-foreground">{formatDateTime(message.createdAt, timeZone)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <div className="mt-4">
        <KeysetPager page={loaderData} label="the outbox" />
      </div>
    </>
  );
}
