import { MAX_CAMPAIGN_FORM_BYTES } from "#shared/campaigns/schemas.ts";
import { CSV_UPLOAD_MAX_BODY_BYTES } from "#server/contacts/csv-upload.ts";
import { MAX_CHUNK_BODY_BYTES } from "#server/contacts/import.ts";
import { MAX_LINK_CONTACTS_BODY_BYTES } from "#shared/segments/schemas.ts";

/** What any request body may hold unless its address needs more (MAX_BODY_BYTES changes it). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

// React Router matches paths without regard to case and answers a client-side
// navigation's form post at the same path with ".data" added; both reach the same action.
const page = (path: string) => new RegExp(`^${path}(\\.data)?/?$`, "i");
const api = (path: string) => new RegExp(`^${path}/?$`, "i");
const ID = "[^/]+";

/** The addresses whose bodies are larger by design, each with the limit its own code applies. */
const LARGER_BODIES: { path: RegExp; maxBytes: number }[] = [
  { path: api("/api/contacts/import"), maxBytes: MAX_CHUNK_BODY_BYTES },
  { path: api(`/api/segments/${ID}/contacts`), maxBytes: MAX_LINK_CONTACTS_BODY_BYTES },
  { path: page("/dashboard/segments/import"), maxBytes: CSV_UPLOAD_MAX_BODY_BYTES },
  { path: page("/dashboard/broadcasts/new"), maxBytes: MAX_CAMPAIGN_FORM_BYTES },
  { path: page(`/dashboard/broadcasts/${ID}/edit`), maxBytes: MAX_CAMPAIGN_FORM_BYTES },
];

/**
 * The most a request to `path` may send as its body: the larger of the default and
 * the route's own need, so lowering MAX_BODY_BYTES never breaks the CSV import.
 */
export function maxBodyBytesFor(path: string, defaultMaxBytes = configuredMaxBodyBytes()): number {
  const larger = LARGER_BODIES.find((entry) => entry.path.test(path));
  return larger ? Math.max(larger.maxBytes, defaultMaxBytes) : defaultMaxBytes;
}

/** MAX_BODY_BYTES, already validated at boot (server/env.ts); the default when unset. */
export function configuredMaxBodyBytes(): number {
  const configured = Number(process.env.MAX_BODY_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_BODY_BYTES;
}

/** Whether the client at `path` reads JSON errors: the API and the tracking API. */
export function expectsJson(path: string): boolean {
  return /^\/(api|v1)(\/|$)/i.test(path);
}
