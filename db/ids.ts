import { randomBytes } from "node:crypto";

/**
 * A UUID version 7 (RFC 9562): time-ordered, so rows inserted together sit
 * together in b-tree indexes, and any PostgreSQL version can store it.
 */
export function newId(now = Date.now()): string {
  return format(randomBytes(16), 0, now);
}

/** `count` UUIDs version 7 of the same time, from one call for random bytes (bulk paths make thousands). */
export function newIds(count: number, now = Date.now()): string[] {
  const bytes = randomBytes(16 * count);
  return Array.from({ length: count }, (_, i) => format(bytes, i * 16, now));
}

function format(bytes: Buffer, at: number, now: number): string {
  bytes.writeUIntBE(now, at, 6);
  bytes[at + 6] = (bytes[at + 6]! & 0x0f) | 0x70;
  bytes[at + 8] = (bytes[at + 8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex", at, at + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is written as a UUID: an id taken from a URL is checked before PostgreSQL is asked (a cast would fail the statement). */
export function isId(text: string): boolean {
  return ID_TEXT.test(text);
}
