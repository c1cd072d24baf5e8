import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { OpenApiDocument } from "#server/openapi/build-document.ts";

// The document's schemas are JSON Schema 2020-12, OpenAPI 3.1's dialect: Ajv's 2020
// build reads them as they are, the components loaded once under one id so their
// `#/components/schemas/...` references resolve.

const DOCUMENT_ID = "https://murmur.test/openapi.json";

export function documentValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  const compiled = new Map<string, ValidateFunction>();
  return {
    /** The problems of `value` against a schema of the document (`{ $ref }` or inline), or [] when it conforms. */
    problems(schema: unknown, value: unknown): string[] {
      const key = JSON.stringify(schema);
      let validate = compiled.get(key);
      if (!validate) {
        const ref = (schema as { $ref?: string }).$ref;
        validate = ajv.compile(ref ? { $ref: DOCUMENT_ID + ref } : (schema as object));
        compiled.set(key, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).map((error) => `${error.instancePath || "(body)"} ${error.message}`);
    },
  };
}

/** The document's problems as an OpenAPI 3.1 document (the OpenAPI Initiative's schema, through a validator built for it). */
export async function openApi31Problems(document: unknown): Promise<string[]> {
  const result = await new Validator().validate(structuredClone(document) as Parameters<Validator["validate"]>[0]);
  if (result.valid) return [];
  return [result.errors].flat().map((error) => JSON.stringify(error));
}
