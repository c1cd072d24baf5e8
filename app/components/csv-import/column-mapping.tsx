import { type ColumnMapping, CSV_TARGETS, type CsvTarget } from "#shared/contacts/csv-mapping.ts";

const NOT_IMPORTED = "";

/** One select per column of the file: which contact field it fills, or Don't import. */
export function ColumnMappingFields({
  fields,
  mapping,
  disabled,
  onChange,
}: {
  fields: string[];
  mapping: ColumnMapping;
  disabled?: boolean;
  onChange: (column: number, target: CsvTarget | null) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Map columns</legend>
      <p className="text-sm text-muted-foreground">
        Columns were matched by their headers. Each field takes one column; an email column is required.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((field, column) => (
          <li key={`${column}-${field}`} className="flex flex-col gap-1.5 rounded-md border bg-background p-3">
            <label htmlFor={`csv-column-${column}`} className="truncate text-sm font-medium" title={field}>
              <span className="sr-only">Column </span>
              {field || `Column ${column + 1}`}
            </label>
            <select
              id={`csv-column-${column}`}
              value={mapping[column] ?? NOT_IMPORTED}
              onChange={(event) => onChange(column, (event.target.value || null) as CsvTarget | null)}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {CSV_TARGETS.map((target) => (
                <option key={target.value} value={target.value}>
                  {target.label}
                </option>
              ))}
              <option value={NOT_IMPORTED}>Don&apos;t import</option>
            </select>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
