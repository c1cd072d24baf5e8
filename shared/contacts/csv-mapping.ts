// The CSV import rules that the browser (the chunked upload) and the server (the
// no-JavaScript upload) must apply identically. Pure: no database, no Node APIs,
// so the client bundle can import it.

export type CsvTarget = "name" | "email" | "phone";

/** Per column of the file, in file order: the contact field it fills, or null when it is not imported. */
export type ColumnMapping = (CsvTarget | null)[];

export const CSV_TARGETS: { value: CsvTarget; label: string }[] = [
  { value: "name", label: "Name" },
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
];

export const CSV_PREVIEW_ROWS = 5;
export const CSV_PREVIEW_COLUMNS = 8;
/** Rows per request or per transaction; the server accepts up to 10,000. */
export const CSV_CHUNK_ROWS = 5_000;
/** Must equal MAX_IMPORT_ROWS in import.ts, which the client bundle cannot import (it pulls in the database). */
export const CSV_MAX_ROWS = 1_000_000;
export const CSV_MAX_BYTES = 200 * 1024 * 1024;

/** Row 1 of a file is its header, so the first contact is row 2. */
export const CSV_FIRST_ROW = 2;

export type CsvProblem = { title: string; description: string };

export const CSV_PROBLEMS = {
  missingEmail: { title: "Missing email mapping", description: "Map an email column before importing." },
  notCsv: { title: "Parse error", description: "Choose a file whose name ends in .csv." },
  noFile: { title: "Parse error", description: "Choose a CSV file to import." },
  empty: { title: "Parse error", description: "The file is empty." },
  headerOnly: { title: "Parse error", description: "The file has a header row but no contacts below it." },
  tooLarge: {
    title: "File too large",
    description: "An import takes files of at most 200 MB. Split the file and import each part.",
  },
  tooManyRows: {
    title: "Too many rows",
    description: "An import takes at most 1,000,000 rows. Split the file and import each part.",
  },
} satisfies Record<string, CsvProblem>;

/**
 * The spec's auto-mapping rule for one header, case-insensitive, checked in this
 * order: 'name', then 'email', then 'phone' / 'mobile' / 'contact'. So
 * "Contact name" is a name and "Contact email" an email.
 */
export function targetForHeader(header: string): CsvTarget | null {
  const text = header.toLowerCase();
  if (text.includes("name")) return "name";
  if (text.includes("email")) return "email";
  if (text.includes("phone") || text.includes("mobile") || text.includes("contact")) return "phone";
  return null;
}

/** Maps every column by its header; a field already taken by an earlier column leaves the later one unmapped. */
export function autoMapColumns(headers: readonly string[]): ColumnMapping {
  const taken = new Set<CsvTarget>();
  return headers.map((header) => {
    const target = targetForHeader(header);
    if (!target || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}

/** The user's choice for one column; a field moves there from whichever column had it, so each stays mapped once. */
export function remapColumn(mapping: ColumnMapping, column: number, target: CsvTarget | null): ColumnMapping {
  return mapping.map((current, index) => {
    if (index === column) return target;
    return target !== null && current === target ? null : current;
  });
}

export function hasEmailMapping(mapping: ColumnMapping): boolean {
  return mapping.includes("email");
}

export type MappedContact = { name: string | null; email: string | null; phone: string | null };

/**
 * Turns parsed rows (objects keyed by header, as papaparse gives them with
 * `header: true`) into contacts. A field no column maps to, and a cell the row
 * lacks, become null: the server then keeps what the contact already has.
 */
export function contactReader(fields: readonly string[], mapping: ColumnMapping) {
  const keyOf = (target: CsvTarget) => {
    const column = mapping.indexOf(target);
    return column === -1 ? undefined : fields[column];
  };
  const keys = { name: keyOf("name"), email: keyOf("email"), phone: keyOf("phone") };
  const read = (row: Record<string, unknown>, key: string | undefined) => {
    const value = key === undefined ? undefined : row[key];
    return typeof value === "string" ? value : null;
  };
  return (row: Record<string, unknown>): MappedContact => ({
    name: read(row, keys.name),
    email: read(row, keys.email),
    phone: read(row, keys.phone),
  });
}

export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** The spec's 'N contacts imported' ('1 contact imported' for one). */
export function importedDescription(imported: number): string {
  return `${imported.toLocaleString("en-US")} ${imported === 1 ? "contact" : "contacts"} imported`;
}
