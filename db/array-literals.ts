// PostgreSQL array literals written ahead of time. node-postgres writes an array
// parameter as such a literal when the query is sent (two regular expression
// replacements per element); a bulk statement that runs while a lock is held can
// take its arrays already written, so that work happens before the lock is taken.

const QUOTE_OR_BACKSLASH = /["\\]/;

/** `{"a","b",NULL}`: every element quoted, so any text is taken as is; cast it to text[] or uuid[]. */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  const elements = values.map((value) => {
    if (value === null) return "NULL";
    return `"${QUOTE_OR_BACKSLASH.test(value) ? value.replace(/["\\]/g, "\\$&") : value}"`;
  });
  return `{${elements.join(",")}}`;
}

/** `{t,f}`, for a boolean[] parameter. */
export function booleanArrayLiteral(values: readonly boolean[]): string {
  return `{${values.map((value) => (value ? "t" : "f")).join(",")}}`;
}
