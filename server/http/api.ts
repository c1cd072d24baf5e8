import type { z } from "zod";
import { AppError, type FieldErrors, isAppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { configuredMaxBodyBytes } from "./body-limits.ts";
import { isDatabaseUnavailable } from "#db/database-unavailable.ts";
import { databaseUnavailable } from "./database-unavailable.ts";
import { tooLargeMessage } from "./too-large-message.ts";

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
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, "database unavailable");
    return apiError(databaseUnavailable());
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

/** The body as text, refused with a 413 as soon as it passes `maxBytes`, whatever Content-Length claims. */
async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new AppError("TOO_LARGE", tooLargeMessage(maxBytes));
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON body with a schema; malformed JSON and invalid fields are 400s naming the problem. */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<z.infer<S>> {
  return (await readMeasuredJsonBody(request, schema, options)).body;
}

/** readJsonBody, also telling how many bytes the body had, for limits that span several requests. */
export async function readMeasuredJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<{ body: z.infer<S>; bytes: number }> {
  const text = await readBodyText(request, options.maxBytes ?? configuredMaxBodyBytes());
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("INVALID", "The request body must be valid JSON.");
  }
  return { body: parseWith(schema, body, "Invalid request."), bytes: Buffer.byteLength(text) };
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, lead: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages[0]}`)
    .join("; ");
  throw new AppError("INVALID", `${lead} ${summary}`, { fields });
}

/** Parses URL search parameters with a schema; bad ones are a 400 naming the parameter. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return parseWith(schema, params, "Invalid query parameters.");
}

export function methodNotAllowed(allowed: string[]): Response {
  return Response.json(
    { message: `Method not allowed. Use ${allowed.join(" or ")}.` },
    {
      status: 405,
      headers: { Allow: allowed.join(", ") },
    },
  );
}
