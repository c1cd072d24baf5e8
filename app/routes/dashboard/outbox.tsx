import { Inbox } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/outbox";
import { formatDateTime } from "#app/components/broadcasts/format.ts";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { KeysetPager } from "#app/components/keyset-pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { getDb } from "#db/database.ts";
import { listOutbox } from "#server/delivery/outbox.ts";
import { OUTBOX_RECIPIENT_MAX_LENGTH } from "#shared/outbox/recipient-filter.ts";
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
  const to = url.searchParams.get("to")?.trim() || null;
  const tooLong = to !== null && to.length > OUTBOX_RECIPIENT_MAX_LENGTH;
  const db = getDb();
  const [page, timeZone] = await Promise.all([
    // Longer than any address or number, a recipient matches nothing: it is not looked up.
    tooLong
      ? { rows: [], previousCursor: null, nextCursor: null }
      : startOverOnStaleCursor(listOutbox(db, { teamId: team.id, to, ...at }), {
          firstPage: firstPageHref(url),
          message: STALE_PAGE_LINK,
        }),
    teamTimeZone(db, team.id),
  ]);
  return {
    to: tooLong ? `${to.slice(0, OUTBOX_RECIPIENT_MAX_LENGTH)}…` : to,
    firstPage: !at.after && !at.before,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
    timeZone,
    messages: page.rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, firstPage, timeZone, to } = loaderData;
  const empty = messages.length === 0 && firstPage;
  return (
    <>
      <PageHeader title="Outbox" description={DESCRIPTION} />
      {empty && !to ? null : <RecipientFilter to={to} />}
      {empty && to ? (
        <EmptyState icon={Inbox} title={`No messages to ${to}`}>
          Nothing in the outbox was sent to this address or number.
        </EmptyState>
      ) : empty ? (
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

/**
 * Finds one recipient's messages among a campaign's thousands, as a GET form: the
 * filter is in the URL, works without JavaScript and is kept by the pager's links.
 */
function RecipientFilter({ to }: { to: string | null }) {
  return (
    <Form
      method="get"
      action="/dashboard/outbox"
      role="search"
      aria-label="Filter the outbox"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-2">
        <label htmlFor="outbox-to" className="text-sm font-medium">
          Recipient
        </label>
        <Input
          id="outbox-to"
          type="search"
          name="to"
          defaultValue={to ?? ""}
          maxLength={OUTBOX_RECIPIENT_MAX_LENGTH}
          placeholder="Email address or phone number"
          autoComplete="off"
        />
      </div>
      <Button type="submit" variant="secondary">
        Find
      </Button>
      {to ? (
        <Button asChild variant="ghost">
          <Link to="/dashboard/outbox">Show every message</Link>
        </Button>
      ) : null}
    </Form>
  );
}
