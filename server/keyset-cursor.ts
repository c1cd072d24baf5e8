import { AppError } from "./errors.ts";

/**
 * A keyset position in a list ordered by (created_at desc, id desc). The time is
 * kept as PostgreSQL's own text so no microseconds are lost between pages.
 */
export type Cursor = { createdAt: string; id: string };

/** A timestamptz as PostgreSQL prints it (`2026-11-22 03:06:08.123456+00`); anything else would fail in SQL. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)$/;
const UUID_TEXT = /^[0-9a-f-]{36}$/i;

export function encodeCursor(cursor: Cursor): string {
  return encodeKeyCursor([cursor.createdAt, cursor.id]);
}

export function decodeCursor(value: string): Cursor {
  const [createdAt, id] = decodeKeyCursor(value, [TIMESTAMP_TEXT, UUID_TEXT]);
  return { createdAt: createdAt!, id: id! };
}

/** A keyset position in a list ordered by one unique id: the id of the row the page ends (or starts) on. */
export function encodeIdCursor(id: string): string {
  return encodeKeyCursor([id]);
}

export function decodeIdCursor(value: string): string {
  return decodeKeyCursor(value, [UUID_TEXT])[0]!;
}

/**
 * A keyset position in any order: the values of the sort key, last of them a unique
 * id, as an opaque URL-safe text. Each value is checked against its shape when read
 * back, so a cursor edited by hand is an INVALID error on `cursor`, never SQL trouble.
 */
export function encodeKeyCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

export function decodeKeyCursor(value: string, shapes: RegExp[]): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(values) &&
      values.length === shapes.length &&
      values.every((part, i) => typeof part === "string" && shapes[i]!.test(part))
    ) {
      return values as string[];
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("INVALID", "The cursor is not valid: use the nextCursor of a previous page.", {
    fields: { cursor: ["Not a cursor returned by this API"] },
  });
}
