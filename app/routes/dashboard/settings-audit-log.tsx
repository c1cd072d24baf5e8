import { ScrollText, ShieldX } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { Route } from "./+types/settings-audit-log";
import { AuditLogFilters } from "#app/components/audit-log/audit-log-filters.tsx";
import { auditLogHref, readAuditLogFilter } from "#app/components/audit-log/audit-log-query.ts";
import { AuditLogTable } from "#app/components/audit-log/audit-log-table.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { KeysetPager } from "#app/components/keyset-pager.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { accessOf } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { readPageRequest } from "#app/lib/page-cursor.ts";
import { auditLogPage, listAuditPeople } from "#server/audit-log/entries.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { auditActionLabel } from "#shared/audit/actions.ts";

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Settings · Murmur" }];

const DESCRIPTION = "Who did what in this team, and when. Entries are kept for 400 days.";

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const access = accessOf(context.get(sessionContext));
  const url = new URL(request.url);
  const filter = readAuditLogFilter(url.searchParams);
  const at = readPageRequest(url.searchParams);
  const db = getDb();
  const people = await listAuditPeople(db, { access });
  const timeZone = await teamTimeZone(db, access.teamId);
  const page = await startOverOnStaleCursor(auditLogPage(db, { access, timeZone, filter, ...at }), {
    firstPage: auditLogHref(filter),
    message: "That page link is no longer valid, so the log starts from the newest entries.",
  });
  return {
    filter,
    people,
    timeZone,
    firstPage: !at.after && !at.before,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
    entries: page.rows.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actorName: entry.actor.name,
      actorEmail: entry.actor.email,
      actionLabel: auditActionLabel(entry.action),
      targetLabel: entry.target?.label ?? null,
      details: JSON.stringify(entry.details) === "{}" ? "" : JSON.stringify(entry.details),
      ip: entry.ip,
    })),
  };
});

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, people, entries, timeZone, firstPage } = loaderData;
  return (
    <>
      <PageHeader title="Audit log" description={DESCRIPTION} />
      <Card className="mb-6 p-4">
        <AuditLogFilters filter={filter} people={people} />
      </Card>
      {entries.length === 0 && firstPage ? (
        <EmptyState icon={ScrollText} title="No entries match">
          Sign-ins, changes to campaigns, segments, imports, keys, channels, settings and members appear here.
        </EmptyState>
      ) : (
        <Card className="overflow-x-auto p-0">
          <AuditLogTable entries={entries} timeZone={timeZone} />
        </Card>
      )}
      <div className="mt-4">
        <KeysetPager page={loaderData} label="the audit log" />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <>
      <PageHeader title="Audit log" description={DESCRIPTION} />
      <EmptyState
        icon={ShieldX}
        title={forbidden && typeof error.data === "string" ? error.data : "Failed to load the audit log."}
      >
        {forbidden ? "Only Owners and Admins can see the audit log. " : null}
        <Link to="/dashboard/settings" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to Settings
        </Link>
      </EmptyState>
    </>
  );
}
