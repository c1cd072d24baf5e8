import { methodNotAllowed } from "#server/http/api.ts";
import { openApiJson } from "#server/openapi/openapi-document.ts";

/** The API reference as OpenAPI 3.1, public: a client generator or a person needs no token to read it. */
export function loader() {
  return new Response(openApiJson(), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
