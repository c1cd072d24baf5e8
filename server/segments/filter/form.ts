import type { FormTree, FormValue } from "#shared/form-tree.ts";
import type { FilterGroup, FilterNode, FilterWindow, PropertyCondition } from "#shared/segments/filter/schema.ts";

/*
 * Between the builder's form fields (all strings) and the filter tree. Numbers
 * and lists are read from text only where the operator wants them, and text
 * that is not a number is passed on as it is, so the schema names the field
 * ("Expected a number") instead of the value silently becoming something else.
 */

type Loose = Record<string, unknown>;

const NUMBER_OPERATORS = new Set(["greater_than", "less_than", "within_last_days"]);

/** A draft decoded from the form, as input for parseFilter. */
export function filterFromDraft(draft: FormTree): unknown {
  return node(draft);
}

function node(draft: FormValue | undefined): unknown {
  if (typeof draft !== "object" || draft === null || Array.isArray(draft)) return draft;
  const { uid: _uid, ...fields } = draft;
  const out: Loose = { ...fields };
  switch (fields.type) {
    case "group":
      out.conditions = list(fields.conditions).map(node);
      break;
    case "field":
    case "attribute":
      Object.assign(out, comparison(fields));
      break;
    case "event":
      out.times = number(fields.times);
      out.window = window(fields.window);
      out.properties = list(fields.properties).map((p) => {
        const { uid: _p, ...property } = (typeof p === "object" && !Array.isArray(p) ? p : {}) as FormTree;
        return { ...property, ...comparison(property) };
      });
      break;
    case "engagement":
      out.campaignId = fields.campaignId === "" || fields.campaignId === undefined ? null : fields.campaignId;
      out.window = window(fields.window);
      break;
  }
  return out;
}

function comparison(fields: FormTree): Loose {
  const operator = fields.operator;
  const value = fields.value;
  if (operator === "exists" || operator === "not_exists") return { value: undefined };
  if (typeof operator === "string" && NUMBER_OPERATORS.has(operator)) return { value: number(value) };
  if (operator === "in_list") {
    const items =
      typeof value === "string"
        ? value
            .split(/[\n,]/)
            .map((item) => item.trim())
            .filter(Boolean)
        : list(value);
    return { value: items };
  }
  return { value };
}

function window(draft: FormValue | undefined): unknown {
  if (typeof draft !== "object" || draft === null || Array.isArray(draft)) return undefined;
  const type = draft.type ?? "any_time";
  if (type === "last_days") return { type, days: number(draft.days) };
  if (type === "between") return { type, from: draft.from, to: draft.to };
  return { type };
}

function number(value: FormValue | undefined): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : value;
}

function list(value: FormValue | undefined): FormValue[] {
  return Array.isArray(value) ? value : [];
}

/** A stored or parsed tree as the builder's form fields, to reopen it for editing. */
export function draftFromFilter(filter: FilterGroup): FormTree {
  return draftNode(filter);
}

let counter = 0;
const uid = () => `n${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function draftNode(node: FilterNode): FormTree {
  switch (node.type) {
    case "group":
      return { uid: uid(), type: "group", combinator: node.combinator, conditions: node.conditions.map(draftNode) };
    case "field":
      return { uid: uid(), type: "field", field: node.field, ...draftComparison(node) };
    case "attribute":
      return { uid: uid(), type: "attribute", key: node.key, ...draftComparison(node) };
    case "event":
      return {
        uid: uid(),
        type: "event",
        operator: node.operator,
        event: node.event,
        frequency: node.frequency,
        times: String(node.times),
        window: draftWindow(node.window),
        properties: node.properties.map((p: PropertyCondition) => ({
          uid: uid(),
          property: p.property,
          ...draftComparison(p),
        })),
      };
    case "engagement":
      return {
        uid: uid(),
        type: "engagement",
        operator: node.operator,
        campaignId: node.campaignId ?? "",
        window: draftWindow(node.window),
      };
    case "subscription":
      return { uid: uid(), type: "subscription", operator: node.operator, channel: node.channel };
    case "segment":
      return { uid: uid(), type: "segment", operator: node.operator, segmentId: node.segmentId };
  }
}

function draftComparison(condition: { operator: string; value?: unknown }): FormTree {
  const value = condition.value;
  if (value === undefined) return { operator: condition.operator, value: "" };
  return { operator: condition.operator, value: Array.isArray(value) ? value.join(", ") : String(value) };
}

function draftWindow(window: FilterWindow): FormTree {
  if (window.type === "last_days") return { type: "last_days", days: String(window.days) };
  if (window.type === "between") return { type: "between", from: window.from, to: window.to };
  return { type: "any_time" };
}
