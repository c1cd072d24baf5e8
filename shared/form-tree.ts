/**
 * Nested form fields as plain objects: `filter.conditions[0].value=pro` becomes
 * { filter: { conditions: [{ value: "pro" }] } }. Used on both sides of the
 * filter builder, so a tree of any shape round-trips through a plain HTML form
 * with no JavaScript. Values stay strings; gaps in indexes are closed up.
 */
export type FormTree = { [key: string]: FormValue };
export type FormValue = string | FormTree | FormValue[];

const PART = /([^.[\]]+)|\[(\d+)\]/g;
// Field names come from whoever posts the form: none may reach Object.prototype.
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);
const MAX_INDEX = 1000;
const unsafe = (part: string | number) => (typeof part === "number" ? part > MAX_INDEX : UNSAFE.has(part));

export function decodeFormTree(entries: Iterable<[string, FormDataEntryValue]>, prefix?: string): FormTree {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    const parts = [...name.matchAll(PART)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
    if (prefix !== undefined && parts[0] !== prefix) continue;
    if (parts.length === 0 || parts.length > 40 || parts.some(unsafe)) continue;
    let at: Record<string | number, unknown> = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        at[part] = value;
        return;
      }
      const nextIsIndex = typeof parts[i + 1] === "number";
      const existing = at[part];
      if (typeof existing !== "object" || existing === null) at[part] = nextIsIndex ? [] : {};
      at = at[part] as Record<string | number, unknown>;
    });
  }
  const tree = compact(root) as FormTree;
  return prefix === undefined ? tree : ((tree[prefix] as FormTree | undefined) ?? {});
}

// Arrays filled at indexes 0, 2, 5 become dense arrays in index order.
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compact(item)]));
  }
  return value;
}
