import { API_OPERATIONS } from "./api-operations.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "./build-document.ts";

let built: { document: OpenApiDocument; json: string } | undefined;

/** The API's OpenAPI document, built from the operations once per process: they cannot change while it runs. */
export function openApiDocument(): OpenApiDocument {
  built ??= build();
  return built.document;
}

/** The document as the JSON `/api/openapi.json` serves, serialised once. */
export function openApiJson(): string {
  built ??= build();
  return built.json;
}

function build() {
  const document = buildOpenApiDocument(API_OPERATIONS, { title: "Murmur API", version: "1.0.0" });
  return { document, json: JSON.stringify(document) };
}
