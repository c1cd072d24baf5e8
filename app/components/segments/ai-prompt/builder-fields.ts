import type { FormValue } from "#shared/form-tree.ts";

/**
 * A draft as the builder's own form fields (`filter.conditions[0].value`), the
 * inverse of decodeFormTree: 'Edit in builder' posts them as hidden inputs, so
 * the Event Filter tab opens on the generated tree with or without JavaScript.
 */
export function builderFields(value: FormValue, name: string): [string, string][] {
  if (typeof value === "string") return [[name, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => builderFields(item, `${name}[${i}]`));
  return Object.entries(value).flatMap(([key, item]) => builderFields(item, `${name}.${key}`));
}
