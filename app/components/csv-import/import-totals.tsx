import { Download } from "lucide-react";

const count = new Intl.NumberFormat("en-US");

/** What every import reports: new contacts, existing ones updated, rows skipped. */
export function ImportTotals({ imported, updated, skipped }: { imported: number; updated: number; skipped: number }) {
  const items = [
    { label: "Imported", value: imported, hint: "new contacts" },
    { label: "Updated", value: updated, hint: "existing contacts" },
    { label: "Skipped", value: skipped, hint: "rows not imported" },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-md border bg-background p-4">
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{count.format(item.value)}</dd>
          <dd className="text-xs text-muted-foreground">{item.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

export type SkippedRowView = { rowNumber: number; email: string | null; reason: string };

/** Skipped rows with the file row number a spreadsheet shows and the reason. */
export function SkippedRowsTable({ rows, caption }: { rows: SkippedRowView[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm text-muted-foreground">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Email
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Reason
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rowNumber} className="border-t">
              <td className="px-3 py-2 tabular-nums">{row.rowNumber}</td>
              <td className="max-w-64 truncate px-3 py-2" title={row.email ?? undefined}>
                {row.email ?? <span className="text-muted-foreground">(empty)</span>}
              </td>
              <td className="px-3 py-2">{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** All skipped rows of an import as a CSV file, from the API (the session cookie signs the request). */
export function SkippedRowsDownload({ importId }: { importId: string }) {
  return (
    <a
      href={`/api/imports/${importId}/skipped.csv`}
      download
      className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <Download className="size-4" aria-hidden="true" />
      Download all skipped rows (CSV)
    </a>
  );
}
