import { AppError } from "./errors.ts";

/**
 * A keyset position in a list ordered by (created_at desc, id desc). The time is
 * kept as PostgreSQL's own text so no microseconds are lost between pages.
 */
export type Cursor = { createdAt: string; id: string };

/** A timestamptz as PostgreSQL prints it (`2026-11-22 03:06:08.123456+00`); anything else would fail in SQL. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

export function decodeCursor(value: string): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (typeof createdAt === "string" && typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) && TIMESTAMP_TEXT.test(createdAt)) {
      return { createdAt, id };
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("INVALID", "The cursor is not valid: use the nextCursor of a previous page.", {
    fields: { cursor: ["Not a cursor returned by this API"] },
  });
}
