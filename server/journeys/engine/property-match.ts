import type { PropertyCondition } from "#shared/segments/filter/schema.ts";
import { endOf, startOf } from "#server/segments/filter/compile-values.ts";

type Properties = Record<string, unknown>;

/**
 * Whether an event's properties meet every condition, read as the filter compiler
 * reads them in SQL (compileJsonKey): equality also matches the same number or
 * true/false stored as text, text tests ignore case, a missing key fails every test
 * but not_equals and not_exists. Ingestion tests each event of a batch here, in
 * memory, rather than a statement per journey.
 */
export function matchesProperties(properties: unknown, conditions: PropertyCondition[], now = new Date()): boolean {
  const object = isObject(properties) ? properties : {};
  return conditions.every((condition) => matches(object, condition, now));
}

function matches(properties: Properties, condition: PropertyCondition, now: Date): boolean {
  const value = properties[condition.property];
  const text = textOf(value);
  switch (condition.operator) {
    case "equals":
      return equalsScalar(value, condition.value);
    case "not_equals":
      return !equalsScalar(value, condition.value);
    case "contains":
      return text !== null && text.toLowerCase().includes(condition.value.toLowerCase());
    case "starts_with":
      return text !== null && text.toLowerCase().startsWith(condition.value.toLowerCase());
    case "ends_with":
      return text !== null && text.toLowerCase().endsWith(condition.value.toLowerCase());
    case "exists":
      return value !== undefined && value !== null;
    case "not_exists":
      return value === undefined || value === null;
    case "greater_than":
      return numberOf(text) !== null && numberOf(text)! > condition.value;
    case "less_than":
      return numberOf(text) !== null && numberOf(text)! < condition.value;
    case "in_list":
      return text !== null && condition.value.map(String).includes(text);
    case "before":
      return timeOf(text) !== null && timeOf(text)! < Date.parse(startOf(condition.value));
    case "after":
      return timeOf(text) !== null && timeOf(text)! >= Date.parse(endOf(condition.value));
    case "within_last_days": {
      const at = timeOf(text);
      return at !== null && at <= now.getTime() && at >= now.getTime() - condition.value * 86_400_000;
    }
  }
}

/** The value's text as `->>` gives it: strings as they are, other JSON as JSON, null for missing. */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function equalsScalar(value: unknown, wanted: string | number | boolean): boolean {
  if (value === wanted) return true;
  if (typeof wanted !== "string") return value === String(wanted);
  if (wanted.trim() !== "" && Number.isFinite(Number(wanted))) return value === Number(wanted);
  if (wanted === "true" || wanted === "false") return value === (wanted === "true");
  return false;
}

function numberOf(text: string | null): number | null {
  if (text === null || text.trim() === "") return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

function timeOf(text: string | null): number | null {
  if (text === null) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

function isObject(value: unknown): value is Properties {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The text a property's value is matched by in a wait for an event (the cart id), or null when absent. */
export function matchValueOf(properties: unknown, property: string): string | null {
  return isObject(properties) ? textOf(properties[property]) : null;
}
