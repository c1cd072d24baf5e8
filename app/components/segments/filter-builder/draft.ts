import type { FormTree, FormValue } from "#shared/form-tree.ts";

/*
 * The builder's working copy of a filter tree: the form's fields decoded as
 * they are (strings, possibly half filled in), plus a `uid` per node so React
 * keeps each node's inputs while nodes around it are added or removed. The
 * server turns a draft into a filter (server/segments/filter/form.ts) and the
 * filter schema judges it. Structural edits are intents, applied here by the
 * browser with JavaScript and by the page's action without it.
 */
export type DraftNode = FormTree;

/** Groups nest at most this deep (FILTER_MAX_DEPTH in the schema); no "Add group" below it. */
export const DRAFT_MAX_DEPTH = 5;

export const ROOT = "filter";

export function newUid(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function newCondition(): DraftNode {
  return { uid: newUid(), type: "attribute", key: "", operator: "equals", value: "" };
}

export function newGroup(withCondition = true): DraftNode {
  return { uid: newUid(), type: "group", combinator: "and", conditions: withCondition ? [newCondition()] : [] };
}

export function newProperty(): DraftNode {
  return { uid: newUid(), property: "", operator: "equals", value: "" };
}

/** What a button asks for: `add-condition:filter.conditions[1]` and the like. */
export type Intent =
  | { kind: "add-condition" | "add-group" | "add-property" | "remove"; path: string }
  | { kind: "preview" | "save" | "update" };

export function parseIntent(value: unknown): Intent {
  const text = typeof value === "string" ? value : "";
  const at = text.indexOf(":");
  const kind = at === -1 ? text : text.slice(0, at);
  const path = at === -1 ? "" : text.slice(at + 1);
  if (kind === "add-condition" || kind === "add-group" || kind === "add-property" || kind === "remove")
    return { kind, path };
  if (kind === "save" || kind === "update") return { kind };
  return { kind: "preview" };
}

/** The draft after a structural edit; an intent naming no node leaves it as it was. */
export function applyIntent(root: DraftNode, intent: Intent): DraftNode {
  if (!("path" in intent)) return root;
  const copy = structuredClone(root);
  const steps = pathSteps(intent.path);
  if (intent.kind === "remove") {
    const last = steps.pop();
    const list = steps.length ? nodeAt(copy, steps) : undefined;
    if (typeof last === "number" && Array.isArray(list)) list.splice(last, 1);
    return copy;
  }
  const node = nodeAt(copy, steps);
  if (!isNode(node)) return copy;
  if (intent.kind === "add-property") {
    node.properties = [...asList(node.properties), newProperty()];
  } else if (node.type === "group") {
    const depth = steps.filter((step) => step === "conditions").length + 1;
    const child = intent.kind === "add-group" && depth < DRAFT_MAX_DEPTH ? newGroup() : newCondition();
    node.conditions = [...asList(node.conditions), child];
  }
  return copy;
}

/** `filter.conditions[1].properties[0]` → ["conditions", 1, "properties", 0] (below the root). */
function pathSteps(path: string): (string | number)[] {
  const parts = [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
  return parts[0] === ROOT ? parts.slice(1) : [];
}

function nodeAt(root: FormValue, steps: (string | number)[]): FormValue | undefined {
  let at: FormValue | undefined = root;
  for (const step of steps) {
    if (at === undefined || typeof at === "string") return undefined;
    at = Array.isArray(at)
      ? typeof step === "number"
        ? at[step]
        : undefined
      : typeof step === "string"
        ? at[step]
        : undefined;
  }
  return at;
}

function isNode(value: FormValue | undefined): value is DraftNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asList(value: FormValue | undefined): FormValue[] {
  return Array.isArray(value) ? value : [];
}

export function asText(value: FormValue | undefined): string {
  return typeof value === "string" ? value : "";
}

export function asNode(value: FormValue | undefined): DraftNode {
  return isNode(value) ? value : {};
}
