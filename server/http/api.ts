import { data } from "react-router";
import type { z } from "zod";
import { AppError, type FieldErrors, isAppError } from "../errors.ts";
import { log } from "../log.ts";

type ErrorBody = { message: string; fields?: FieldErrors };

/** The API's error envelope for any thrown value: AppErrors keep their status, the rest is a logged 500. */
export function apiError(error: unknown): Response {
  if (error instanceof Response) return error;
  if (isAppError(error)) {
    const body: ErrorBody = { message: error.message };
    if (error.fields) body.fields = error.fields;
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
    return Response.json(body, { status: error.status, headers });
  }
  log.error({ err: error }, "unhandled API error");
  return Response.json({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
}

/** Runs an API handler so that every failure leaves as JSON `{ message }`. */
export async function handleApi<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    return apiError(error);
  }
}

/** Parses a JSON body with a schema; malformed JSON and invalid fields are 400s naming the problem. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new AppError("INVALID", "The request body must be valid JSON.");
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages[0]}`)
    .join("; ");
  throw new AppError("INVALID", `Invalid request. ${summary}`, { fields });
}

/** An API answer that is not a Response yet: status and headers ride along. */
export function json<T>(body: T, init?: ResponseInit) {
  return data(body, init);
}

export function methodNotAllowed(allowed: string[]): Response {
  return Response.json({ message: `Method not allowed. Use ${allowed.join(" or ")}.` }, {
    status: 405,
    headers: { Allow: allowed.join(", ") },
  });
}
