type JsonSchema = Record<string, unknown>;

// Deep enough for every envelope and resource; the filter tree's nested groups stop here.
const MAX_DEPTH = 6;

const FORMAT_EXAMPLES: Record<string, string> = {
  uuid: "0193a5f0-7c1e-7b3a-9d2e-5f4c3b2a1908",
  "date-time": "2026-01-31T09:00:00.000Z",
  email: "ada@example.com",
};

/**
 * A value that fits a schema of the document, for the reference to show: the
 * schema's own default, const or first enum value where it has one, else a
 * placeholder of its type. References are followed into `components`; the first
 * alternative of a union is shown; depth is bounded, so a recursive schema ends.
 */
export function exampleOf(schema: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (typeof schema !== "object" || schema === null) return null;
  const s = schema as JsonSchema;
  if (typeof s.$ref === "string") {
    const name = s.$ref.split("/").pop()!;
    return exampleOf(components[name], components, depth);
  }
  if ("default" in s) return s.default;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (union) return exampleOf(union.find((option) => option.type !== "null") ?? union[0], components, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      if (depth >= MAX_DEPTH) return {};
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, exampleOf(property, components, depth + 1)]),
      );
    }
    case "array":
      return depth >= MAX_DEPTH ? [] : [exampleOf(s.items, components, depth + 1)];
    case "string":
      return FORMAT_EXAMPLES[s.format as string] ?? "string";
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 0;
    case "boolean":
      return true;
    default:
      return null;
  }
}
