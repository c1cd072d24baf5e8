import { z } from "zod";

/**
 * How an operation is signed in: a session token or API key as a Bearer token
 * (`/api`), a write key as the HTTP Basic user name (`/v1`), or not at all.
 */
export type ApiAuth = "bearer" | "write-key" | "none";

/** The statuses an operation may answer besides its success, each with the `{ message }` body. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

export type ApiMethod = "get" | "post" | "put" | "patch" | "delete";

/** One answer of an operation: JSON described by a schema, another media type, or no body (204). */
export type ApiAnswer = {
  status: number;
  description: string;
  schema?: z.ZodType;
  /** `application/json` unless said otherwise (CSV downloads). */
  mediaType?: string;
};

/**
 * One API operation as the reference documents it. `path` uses OpenAPI's `{id}`
 * for the route's `:id`. `query` and `body` are the very schemas the route parses
 * with (or, where the route hands a part on to a stricter parser, that parser's
 * schema); `success` describes what a client receives when the call works.
 */
export type ApiOperation = {
  method: ApiMethod;
  path: string;
  /** The reference's section, in the product's words (Contacts, Segments, ...). */
  tag: string;
  summary: string;
  description?: string;
  auth: ApiAuth;
  query?: z.ZodObject;
  body?: z.ZodType;
  success: ApiAnswer;
  errors: ApiErrorStatus[];
  /** The body of its error answers, when not the API's ApiErrorSchema (the tracking API answers as Segment does). */
  errorSchema?: z.ZodType;
};

/** Every non-2xx API answer: a message for people, and per-field messages for validation errors. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

/** A JSON timestamp as the API writes a Date: ISO 8601 in UTC. */
export const TimestampSchema = z.iso.datetime();

/** `{ data: ... }`, the envelope of a single resource. */
export function dataOf<S extends z.ZodType>(schema: S) {
  return z.object({ data: schema });
}

/** `{ data: [...], nextCursor }`, a keyset page: `nextCursor` leads to the next page, null on the last. */
export function pageOf<S extends z.ZodType>(schema: S) {
  return z.object({ data: z.array(schema), nextCursor: z.string().nullable() });
}
