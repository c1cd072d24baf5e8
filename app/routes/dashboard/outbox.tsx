import { Inbox } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { formatDateTime } from "../../components/broadcasts/format.ts";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { getDb } from "../../../db/database.ts";
import { listOutbox } from "../../../server/delivery/outbox.ts";
import { teamTimeZone } from "../../../server/events/team-time-zone.ts";
import { sessionContext } from "../../../server/http/context.ts";

export const meta: Route.MetaFunction = () => [{ title: "Outbox · Murmur" }];

const DESCRIPTION = "Messages of channels without a provider are kept here, as their recipients would see them.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const value = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
  const db = getDb();
  const [{ messages, hasNext }, timeZone] = await Promise.all([listOutbox(db, { teamId: team.id, page }), teamTimeZone(db, team.id)]);
  return { page, hasNext, timeZone, messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, page, hasNext, timeZone } = loaderData;
  return (
    <>
      <PageHeader title="Outbox" description={DESCRIPTION} />
      {messages.length === 0 && page === 1 ? (
        <EmptyState icon={Inbox} title="The outbox is empty">
          Campaigns sent on a channel with no provider configured land here.
        </EmptyState>
      ) : (
        <Card className="p-0">
          <ul className="divide-y">
            {messages.map((message) => (
              <li key={message.id}>
                <Link to={`/dashboard/outbox/${message.id}`} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3 hover:bg-muted">
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
      {page > 1 || hasNext ? (
        <nav className="mt-4 flex items-center justify-end gap-2" aria-label="Pages of the outbox">
          {page > 1 ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={`/dashboard/outbox?page=${page - 1}`}>Previous</Link>
            </Button>
          ) : null}
          <span className="text-sm text-muted-foreground">Page {page}</span>
          {hasNext ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={`/dashboard/outbox?page=${page + 1}`}>Next</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
