import { MailX } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/outbox-message";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { formatDateTime } from "#app/components/broadcasts/format.ts";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { getOutboxMessage } from "#server/delivery/outbox.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { sessionContext } from "#app/http/context.ts";

const NOT_FOUND = "Message not found.";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.summary ?? "Message"} · Outbox · Murmur` },
];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const { team } = context.get(sessionContext);
  const db = getDb();
  const [message, timeZone] = await Promise.all([
    getOutboxMessage(db, { teamId: team.id, messageId: params.id }),
    teamTimeZone(db, team.id),
  ]);
  return { timeZone, message: { ...message, createdAt: message.createdAt.toISOString() } };
});

/**
 * The email's HTML shown in a sandboxed frame: its scripts never run and it cannot
 * reach this page, but its images load (the open pixel, as in a mail client) and a
 * link opens in the whole window, through the tracked redirect, as a reader's would.
 */
function framedEmail(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_top"></head><body>${html}</body></html>`;
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { message, timeZone } = loaderData;
  const { content } = message;
  return (
    <>
      <PageHeader
        title={message.summary}
        description={`${message.channel} to ${message.toAddress} · ${formatDateTime(message.createdAt, timeZone)}`}
        actions={
          <>
            {message.campaignId ? (
              <Button variant="outline" size="sm" asChild>
                <Link to={`/dashboard/broadcasts/${message.campaignId}`}>Campaign</Link>
              </Button>
            ) : null}
            <Button variant="outline" size="sm" asChild>
              <Link to="/dashboard/outbox">Outbox</Link>
            </Button>
          </>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          {content.channel === "EMAIL" ? (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">To</dt>
                <dd>{message.toAddress}</dd>
                <dt className="text-muted-foreground">Subject</dt>
                <dd>{content.subject}</dd>
                <dt className="text-muted-foreground">Message-ID</dt>
                <dd className="break-all">{message.messageId}</dd>
                {Object.entries(content.headers).map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="text-muted-foreground">{name}</dt>
                    <dd className="break-all">{value}</dd>
                  </div>
                ))}
              </dl>
              <iframe
                title="Email as the recipient sees it"
                srcDoc={framedEmail(content.html)}
                sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
                className="h-[32rem] w-full rounded-md border bg-white"
              />
              <details>
                <summary className="cursor-pointer text-sm font-medium">Plain-text part</summary>
                <pre className="mt-2 text-sm whitespace-pre-wrap">{content.text}</pre>
              </details>
            </>
          ) : content.channel === "SMS" ? (
            <p className="max-w-md rounded-2xl bg-muted px-4 py-3 text-sm whitespace-pre-wrap">{content.body}</p>
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Template</dt>
              <dd>{content.template}</dd>
              <dt className="text-muted-foreground">Language</dt>
              <dd>{content.language}</dd>
              {content.bodyParameters.map((value, index) => (
                <div key={index} className="contents">
                  <dt className="text-muted-foreground">{`{{${index + 1}}}`}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </CardContent>
      </Card>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title="Outbox" description="A message kept in the outbox." />
      <EmptyState icon={MailX} title={notFound ? NOT_FOUND : "Failed to load the message."}>
        <Link to="/dashboard/outbox" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to the outbox
        </Link>
      </EmptyState>
    </>
  );
}
