/**
 * One CSV line (RFC 4180) ending in CRLF. Cells that a spreadsheet would run as a
 * formula are prefixed with an apostrophe, so an exported file cannot execute code.
 */
export function toCsvLine(cells: string[]): string {
  return `${cells.map(toCsvCell).join(",")}\r\n`;
}

function toCsvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
