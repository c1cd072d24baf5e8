import type { z } from "zod";
import { AppError, type FieldErrors } from "#server/errors.ts";

/**
 * A schema's verdict on a definition as the one error the domain throws: INVALID,
 * each message under the path Zod gives it ("steps.0.timedOut.1.seconds"), as the
 * API reports a bad body, so pages and clients read the same names.
 */
export function parseDefinitionOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) (fields[issue.path.join(".") || "definition"] ??= []).push(issue.message);
  const summary = Object.entries(fields).map(([field, messages]) => `${field}: ${messages[0]}`);
  throw new AppError("INVALID", `Invalid journey. ${summary.join("; ")}`, { fields });
}
