import type { z } from "zod";
import { AppError, type FieldErrors } from "#server/errors.ts";
import { type FilterGroup, FilterSchema, formatFilterPath } from "#shared/segments/filter/schema.ts";

/**
 * A filter tree from untrusted input (an API body, a decoded form, a model's
 * answer), or an INVALID AppError (a 400) whose message and fields name each
 * bad node by its path, e.g. `filter.conditions[2].conditions[0].operator`.
 */
export function parseFilter(input: unknown, options: { path?: string } = {}): FilterGroup {
  const result = FilterSchema.safeParse(input);
  if (result.success) return result.data;
  const root = options.path ?? "filter";
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const at = formatFilterPath(issue.path);
    const key = at ? (at.startsWith("[") ? `${root}${at}` : `${root}.${at}`) : root;
    (fields[key] ??= []).push(describe(issue, input));
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages[0]}`)
    .join("; ");
  throw new AppError("INVALID", `Invalid filter. ${summary}`, { fields });
}

// Zod says "Invalid discriminator value" for an unknown operator or kind; a
// client is better served by the value it sent and the ones that would do.
function describe(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code !== "invalid_union") return issue.message;
  // Zod adds these two to a discriminated union's issue without typing them.
  const { discriminator, options } = issue as { discriminator?: unknown; options?: unknown };
  if (typeof discriminator !== "string" || !Array.isArray(options)) return issue.message;
  const sent = valueAt(input, issue.path);
  const expected = options.map(String).join(", ");
  const what = discriminator;
  return sent === undefined
    ? `The ${what} is required; expected one of ${expected}`
    : `Unknown ${what} ${JSON.stringify(sent)}; expected one of ${expected}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const part of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at;
}
