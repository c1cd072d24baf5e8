import {
  type ColumnMapping,
  CSV_PREVIEW_COLUMNS,
  CSV_PREVIEW_ROWS,
  CSV_TARGETS,
} from "#shared/contacts/csv-mapping.ts";
import type { CsvRow } from "#shared/contacts/csv-stream.ts";

const LABELS = new Map(CSV_TARGETS.map((target) => [target.value, target.label]));
const count = new Intl.NumberFormat("en-US");

/** The spec's preview: the first 5 rows and up to 8 columns, each column headed by what it maps to. */
export function CsvPreview({
  fields,
  rows,
  mapping,
  total,
}: {
  fields: string[];
  rows: CsvRow[];
  mapping: ColumnMapping;
  total: number;
}) {
  const shown = fields.slice(0, CSV_PREVIEW_COLUMNS);
  const hiddenColumns = fields.length - shown.length;
  return (
    <section aria-labelledby="csv-preview-heading" className="flex flex-col gap-2">
      <h3 id="csv-preview-heading" className="text-sm font-medium">
        Preview
      </h3>
      <p className="text-sm text-muted-foreground">
        {describe(total, hiddenColumns > 0 ? `${shown.length} of ${fields.length}` : null)}
      </p>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted/50">
            <tr>
              {shown.map((field, column) => (
                <th key={`${column}-${field}`} scope="col" className="px-3 py-2 align-bottom font-medium">
                  <span className="block max-w-48 truncate" title={field}>
                    {field}
                  </span>
                  <span className="block text-xs font-normal text-muted-foreground">
                    {mapping[column] ? `→ ${LABELS.get(mapping[column])}` : "Not imported"}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, CSV_PREVIEW_ROWS).map((row, index) => (
              <tr key={index} className="border-t">
                {shown.map((field, column) => (
                  <td key={`${column}-${field}`} className="px-3 py-2">
                    <span className="block max-w-48 truncate" title={cellText(row[field])}>
                      {cellText(row[field])}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function describe(total: number, columns: string | null): string {
  const rows = `${count.format(total)} ${total === 1 ? "row" : "rows"} in the file`;
  const shown = total > CSV_PREVIEW_ROWS ? `; the first ${CSV_PREVIEW_ROWS} are shown` : "";
  return `${rows}${shown}${columns ? `, with ${columns} columns` : ""}.`;
}

function cellText(value: unknown): string {
  return typeof value === "string" ? value : "";
}
