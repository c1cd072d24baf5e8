import { describe, expect, test } from "vitest";
import { openApiDocument } from "#server/openapi/openapi-document.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, ORIGIN } from "../requests.ts";
import { apiRoutes, serveApi } from "./api-routes.ts";

// A method no route answers: each route's 405 then names, in its Allow header, the
// methods it does answer, so the test learns them from the route itself.
const PROBE = "PURGE";

async function methodsOf(path: string, token: string): Promise<string[]> {
  const url = ORIGIN + path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");
  const response = await serveApi(new Request(url, { method: PROBE, headers: bearer(token) }));
  if (response.status !== 405) throw new Error(`${path} answered ${response.status} to ${PROBE}, not 405`);
  const allow = response.headers.get("Allow");
  // React Router's own 405, for a module with no action: only its loader answers.
  if (!allow) return ["GET"];
  return allow.split(/,\s*/).filter((method) => method !== "OPTIONS");
}

describe("the API reference covers every route", () => {
  test("each method of each /api and /v1 route in app/routes.ts is a documented operation", async () => {
    const { token } = await createSignedInUser();
    const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
    const undocumented: string[] = [];
    for (const route of apiRoutes()) {
      for (const method of await methodsOf(route.path, token)) {
        if (!paths[route.path]?.[method.toLowerCase()])
          undocumented.push(`${method} ${route.path} (app/${route.file})`);
      }
    }
    expect(
      undocumented,
      "add these operations next to the routes' schemas (server/<domain>/api-operations.ts)",
    ).toEqual([]);
  });

  test("every documented operation is a route that answers its method", async () => {
    const { token } = await createSignedInUser();
    const routes = new Map(apiRoutes().map((route) => [route.path, route]));
    const stale: string[] = [];
    for (const [path, operations] of Object.entries(openApiDocument().paths)) {
      const methods = routes.has(path) ? await methodsOf(path, token) : [];
      for (const method of Object.keys(operations as object)) {
        if (!methods.includes(method.toUpperCase())) stale.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(stale).toEqual([]);
  });
});
