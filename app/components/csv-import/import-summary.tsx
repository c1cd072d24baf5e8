import { Link } from "react-router";
import { ImportTotals, SkippedRowsDownload, SkippedRowsTable } from "./import-totals.tsx";
import type { UploadResult } from "./send-chunks.ts";
import { Button } from "#app/components/ui/button.tsx";

/** The end of a browser import: its totals, the first skipped rows, and where to see the rest. */
export function ImportSummary({
  result,
  cancelled,
  onReset,
}: {
  result: UploadResult;
  cancelled: boolean;
  onReset: () => void;
}) {
  const { totals, firstSkipped } = result;
  return (
    <section aria-labelledby="csv-import-summary-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id="csv-import-summary-heading" className="font-semibold">
          {cancelled ? "Import cancelled" : "Import complete"}
        </h3>
        {cancelled ? (
          <p className="text-sm text-muted-foreground">
            The rows sent before you cancelled were imported; the rest of the file was not.
          </p>
        ) : null}
      </div>
      <ImportTotals imported={totals.imported} updated={totals.updated} skipped={totals.skipped} />
      {firstSkipped.length > 0 ? (
        <SkippedRowsTable
          rows={firstSkipped}
          caption={
            firstSkipped.length < totals.skipped
              ? `The first ${firstSkipped.length} of ${totals.skipped.toLocaleString("en-US")} skipped rows`
              : "Skipped rows"
          }
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {totals.skipped > 0 ? <SkippedRowsDownload importId={totals.id} /> : null}
        <Link
          to={`/dashboard/imports/${totals.id}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View import details
        </Link>
        <Link to="/dashboard/contacts" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          View contacts
        </Link>
        <Button type="button" variant="outline" size="sm" onClick={onReset}>
          Import another file
        </Button>
      </div>
    </section>
  );
}
