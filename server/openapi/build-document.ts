import { z } from "zod";
import { type ApiOperation, ApiErrorSchema } from "#shared/api/operation.ts";
import { FilterSchema } from "#shared/segments/filter/schema.ts";
import { ERROR_DESCRIPTIONS } from "./error-answers.ts";
import { SECURITY_SCHEMES, securityOf } from "./security-schemes.ts";

type JsonSchema = Record<string, unknown>;
type Registry = ReturnType<typeof z.registry<{ id: string }>>;

/** Schemas used by many operations, shown once under components and referred to by name. */
const NAMED_SCHEMAS: [string, z.ZodType][] = [["Filter", FilterSchema]];

const COMPONENT = "#/components/schemas/";

/** `post /api/segments/{id}/contacts` → `postSegmentsIdContacts`: unique as long as method and path are. */
export function operationIdOf(operation: Pick<ApiOperation, "method" | "path">): string {
  const words = operation.path.split(/[^A-Za-z0-9]+/).filter((word) => word !== "" && word !== "api");
  return operation.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/** The id a schema has in a registry, adding it under `id` the first time: a schema shared by operations is shown once. */
function refTo(registry: Registry, schema: z.ZodType, id: string): { $ref: string } {
  const known = registry.get(schema);
  if (!known) registry.add(schema, { id });
  return { $ref: COMPONENT + (known?.id ?? id) };
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function queryParameters(query: z.ZodObject | undefined) {
  if (!query) return [];
  const json = z.toJSONSchema(query, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    schema,
  }));
}

function describeOperation(operation: ApiOperation, inputs: Registry, outputs: Registry) {
  const operationId = operationIdOf(operation);
  const successContent = operation.success.schema
    ? {
        "application/json": { schema: refTo(outputs, operation.success.schema, `${capitalised(operationId)}Response`) },
      }
    : operation.success.mediaType
      ? { [operation.success.mediaType]: { schema: { type: "string" } } }
      : undefined;
  const errorSchema = refTo(outputs, operation.errorSchema ?? ApiErrorSchema, `${capitalised(operationId)}Error`);
  const responses: Record<string, unknown> = {
    [operation.success.status]: {
      description: operation.success.description,
      ...(successContent ? { content: successContent } : {}),
    },
  };
  for (const status of operation.errors) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { "application/json": { schema: errorSchema } },
    };
  }
  return {
    operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: securityOf(operation.auth),
    parameters: [...pathParameters(operation.path), ...queryParameters(operation.query)],
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: refTo(inputs, operation.body, `${capitalised(operationId)}Body`) },
            },
          },
        }
      : {}),
    responses,
  };
}

function capitalised(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}

/** A registry's schemas as JSON Schema, each without the `$schema` and `$id` a standalone document would carry. */
function componentsOf(registry: Registry, io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: "any",
    uri: (id) => COMPONENT + id,
  }) as { schemas: Record<string, JsonSchema> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/**
 * The OpenAPI 3.1 document of the given operations. Request schemas are written as
 * the routes read them (zod's input side: defaults optional, coercions as the
 * wanted type), responses as the routes write them (the output side, where an
 * object lists every property it may have, so an undocumented field is drift).
 * A schema named both ways (Filter) is shown once, in its request form.
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[], info: { title: string; version: string }) {
  const inputs: Registry = z.registry<{ id: string }>();
  const outputs: Registry = z.registry<{ id: string }>();
  for (const [id, schema] of NAMED_SCHEMAS) {
    inputs.add(schema, { id });
    outputs.add(schema, { id });
  }
  outputs.add(ApiErrorSchema, { id: "Error" });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    (paths[operation.path] ??= {})[operation.method] = describeOperation(operation, inputs, outputs);
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      ...info,
      description:
        "Murmur's JSON API (`/api`) and its Segment-compatible tracking API (`/v1`). Every error answer is JSON with a `message`.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags,
    paths,
    components: {
      schemas: { ...componentsOf(outputs, "output"), ...componentsOf(inputs, "input") },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
