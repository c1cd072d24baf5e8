import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/segments-import";
import { CsvImportPanel } from "#app/components/csv-import/csv-import-panel.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { importedDescription } from "#shared/contacts/csv-mapping.ts";
import { importCsvUpload } from "#server/contacts/csv-upload.ts";
import { clientContext, sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { flashToasts, type Toast } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Import contacts · Murmur" }];

// The no-JavaScript upload of the CSV Upload tab. The body is streamed, never
// buffered: Conform's parseWithZod needs the whole form, so the domain reads it.
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "imports.write");
  const outcome = await importCsvUpload(getDb(), { access, request, traceId: context.get(clientContext).requestId });
  if (outcome.ok) {
    const toast: Toast = {
      type: "success",
      title: "Import complete",
      description: importedDescription(outcome.summary.imported),
    };
    return redirect(`/dashboard/imports/${outcome.summary.id}`, {
      headers: { "Set-Cookie": await flashToasts(toast) },
    });
  }
  const toast: Toast = { type: "error", title: outcome.problem.title, description: outcome.problem.description };
  // Rows were written before the problem showed: the import's page says what got in.
  if (outcome.importId) {
    return redirect(`/dashboard/imports/${outcome.importId}`, { headers: { "Set-Cookie": await flashToasts(toast) } });
  }
  return data({ problem: outcome.problem, toasts: [toast] }, { status: outcome.status });
});

export default function SegmentsImport({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Import contacts"
        description={
          <>
            Add contacts from a CSV file, optionally as a new segment.{" "}
            <Link to="/dashboard/segments?tab=csv" className="text-primary underline underline-offset-4">
              Back to segments
            </Link>
          </>
        }
      />
      <Card className="p-4 md:p-6">
        <CsvImportPanel problem={actionData?.problem} />
      </Card>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
