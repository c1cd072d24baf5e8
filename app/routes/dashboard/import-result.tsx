import { FileWarning } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/import-result";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { ImportTotals, SkippedRowsDownload, SkippedRowsTable } from "#app/components/csv-import/import-totals.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { listImportSkips } from "#server/contacts/import.ts";
import { getImportReport } from "#server/contacts/import-report.ts";
import { sessionContext } from "#app/http/context.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.report.fileName ?? "Import"} · Murmur` },
];

const SKIPPED_SHOWN = 100;
const NOT_FOUND = "Import not found.";

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const { team } = context.get(sessionContext);
  const db = getDb();
  const report = await getImportReport(db, { teamId: team.id, importId: params.id });
  const skipped = await listImportSkips(db, {
    teamId: team.id,
    importId: report.id,
    afterRow: 0,
    limit: SKIPPED_SHOWN,
  });
  return {
    report: {
      ...report,
      createdAt: report.createdAt.toISOString(),
      finishedAt: report.finishedAt?.toISOString() ?? null,
    },
    skipped,
  };
});

const STATUS: Record<string, { label: string; variant: "default" | "secondary" | "outline" | "destructive" }> = {
  running: { label: "Running", variant: "secondary" },
  completed: { label: "Completed", variant: "default" },
  cancelled: { label: "Cancelled", variant: "outline" },
  failed: { label: "Failed", variant: "destructive" },
};

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function ImportResult({ loaderData }: Route.ComponentProps) {
  const { report, skipped } = loaderData;
  const status = STATUS[report.status] ?? { label: report.status, variant: "outline" };
  return (
    <>
      <PageHeader
        title="Import result"
        description={`${report.fileName ?? "Uploaded file"}, started ${when.format(new Date(report.createdAt))} UTC`}
      />
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col gap-4 p-4 md:p-6">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">Totals</h2>
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          {report.error ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              {report.error}
            </p>
          ) : null}
          <ImportTotals imported={report.imported} updated={report.updated} skipped={report.skipped} />
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {report.segment ? (
              <p>
                Added to segment{" "}
                <Link to="/dashboard/segments" className="font-medium text-primary underline-offset-4 hover:underline">
                  {report.segment.name}
                </Link>
              </p>
            ) : null}
            <Link to="/dashboard/contacts" className="font-medium text-primary underline-offset-4 hover:underline">
              View contacts
            </Link>
            <Link
              to="/dashboard/segments?tab=csv"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Import another file
            </Link>
          </div>
        </Card>
        <SkippedSection importId={report.id} total={report.skipped} rows={skipped} />
      </div>
    </>
  );
}

function SkippedSection({
  importId,
  total,
  rows,
}: {
  importId: string;
  total: number;
  rows: Route.ComponentProps["loaderData"]["skipped"];
}) {
  return (
    <Card className="flex flex-col gap-4 p-4 md:p-6" aria-labelledby="skipped-rows-heading" role="region">
      <h2 id="skipped-rows-heading" className="text-lg font-semibold">
        Skipped rows
      </h2>
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">No rows were skipped.</p>
      ) : (
        <>
          <SkippedRowsDownload importId={importId} />
          <SkippedRowsTable
            rows={rows}
            caption={
              total > rows.length
                ? `The first ${rows.length} of ${total.toLocaleString("en-US")} skipped rows`
                : "All skipped rows"
            }
          />
        </>
      )}
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title="Import result" description="What an import of contacts brought in." />
      <EmptyState icon={FileWarning} title={notFound ? NOT_FOUND : "This import could not be loaded."}>
        <Link to="/dashboard/segments?tab=csv" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to the CSV import
        </Link>
      </EmptyState>
    </>
  );
}
