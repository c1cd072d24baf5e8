import { exampleOf } from "./example-of.ts";
import { openApiDocument } from "./openapi-document.ts";

type JsonSchema = Record<string, unknown>;
type DocumentedOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  auth: string;
  parameters: { name: string; in: string; required: boolean; type: string; description: string | null }[];
  /** An example body, as formatted JSON. */
  body: string | null;
  responses: { status: string; description: string; mediaType: string | null; example: string | null }[];
};

export type ApiReference = { sections: { tag: string; operations: ReferenceOperation[] }[] };

const AUTH_LABELS: Record<string, string> = {
  sessionToken: "Bearer token (session or API key)",
  writeKey: "Write key (HTTP Basic user name)",
};

/** A parameter's type in a word or two: `string`, `integer`, `one of 7d, 30d, 90d`. */
function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(", ")}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : String(schema.type ?? "any");
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

let built: ApiReference | undefined;

/**
 * The API reference page's view of the OpenAPI document: operations grouped by tag
 * in the document's order, each with its parameters, an example body and an
 * example of every answer. Built once, like the document it reads.
 */
export function apiReference(): ApiReference {
  if (built) return built;
  const document = openApiDocument();
  const components = document.components.schemas as Record<string, JsonSchema>;
  const sections = new Map<string, ReferenceOperation[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as DocumentedOperation;
      const bodySchema = operation.requestBody?.content["application/json"]?.schema;
      const tag = operation.tags[0] ?? "Other";
      if (!sections.has(tag)) sections.set(tag, []);
      sections.get(tag)!.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? null,
        auth: operation.security.length === 0 ? "None" : (AUTH_LABELS[Object.keys(operation.security[0]!)[0]!] ?? ""),
        parameters: operation.parameters.map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required,
          type: typeOf(parameter.schema),
          description: parameter.description ?? null,
        })),
        body: bodySchema ? json(exampleOf(bodySchema, components)) : null,
        responses: Object.entries(operation.responses).map(([status, response]) => {
          const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [null, null];
          const example = mediaType === "application/json" && media ? json(exampleOf(media.schema, components)) : null;
          return { status, description: response.description, mediaType, example };
        }),
      });
    }
  }
  built = { sections: [...sections].map(([tag, operations]) => ({ tag, operations })) };
  return built;
}
