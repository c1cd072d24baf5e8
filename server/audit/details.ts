// What an entry's details may hold. Domain functions pass what changed; this keeps the
// log from ever storing a secret's value or an unbounded blob, whatever a caller passes:
// keys that name a secret are dropped with their value, text is cut short, and depth,
// keys and list lengths are capped.

// A bare "key" is a write key or API key itself (createWriteKey returns it as `key`).
const SECRET_KEY = /^key$|pass(word|phrase)?|secret|token|api[-_]?key|authorization|credential|private|signature/i;
const MAX_TEXT = 500;
const MAX_DEPTH = 4;
const MAX_KEYS = 50;
const MAX_ITEMS = 100;

export type AuditDetails = { [key: string]: AuditDetailValue };
export type AuditDetailValue = string | number | boolean | null | AuditDetailValue[] | AuditDetails;

/** Whether a detail's key names something secret, so that its value is never stored. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * Details as stored: a plain JSON object without any value under a key that names a
 * secret (password, token, secret, API key, ...), with text cut at 500 characters and
 * at most 50 keys, 100 list items and 4 levels. Values that are not JSON become text.
 */
export function auditDetails(details: Record<string, unknown> | undefined): AuditDetails {
  return details ? (bound(details, 0) as AuditDetails) : {};
}

function bound(value: unknown, depth: number): AuditDetailValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => bound(item, depth + 1));
  if (typeof value === "object") {
    const kept: AuditDetails = {};
    for (const [key, item] of Object.entries(value).slice(0, MAX_KEYS)) {
      if (!isSecretKey(key)) kept[key] = bound(item, depth + 1);
    }
    return kept;
  }
  return bound(String(value), depth);
}
