import routes from "#app/routes.ts";
import { routeArgs, respond } from "../serve-route.ts";

// The API's routes as app/routes.ts declares them, and a way to serve a request to
// the module a path belongs to, the way React Router would pick it.

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

export type ApiRoute = {
  /** The route's path in OpenAPI's form: `/api/segments/{id}`. */
  path: string;
  file: string;
  pattern: RegExp;
  paramNames: string[];
};

function flatten(entries: readonly RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

/** Every route under `/api` and `/v1`, except the API's catch-all that answers unknown paths with a 404. */
export function apiRoutes(): ApiRoute[] {
  return flatten(routes as RouteEntry[])
    .filter(({ path }) => /^\/(api|v1)\//.test(path) && !path.endsWith("*"))
    .map(({ path, file }) => {
      const paramNames = [...path.matchAll(/:(\w+)/g)].map(([, name]) => name!);
      const source = path.replace(/[.]/g, "\\.").replace(/:(\w+)/g, "([^/]+)");
      return { path: path.replace(/:(\w+)/g, "{$1}"), file, pattern: new RegExp(`^${source}$`), paramNames };
    });
}

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

// Every module an API route may name, keyed by its path under app/.
const routeModules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}");

export function loadRouteModule(file: string): Promise<RouteModule> {
  const load = routeModules[`../../app/${file}`];
  if (!load) throw new Error(`app/${file}, named in app/routes.ts, is not a route module`);
  return load();
}

/**
 * Serves a request as the router would: the route whose path matches (static
 * segments before parameters, as React Router ranks them), GET to its loader and
 * every other method to its action; a module without the handler answers 405.
 */
export async function serveApi(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const candidates = apiRoutes()
    .filter((route) => route.pattern.test(pathname))
    .sort((a, b) => a.paramNames.length - b.paramNames.length);
  const route = candidates[0];
  if (!route) throw new Error(`No route in app/routes.ts serves ${pathname}`);
  const values = route.pattern.exec(pathname)!.slice(1);
  const params = Object.fromEntries(route.paramNames.map((name, i) => [name, decodeURIComponent(values[i]!)]));
  const module = await loadRouteModule(route.file);
  const handler = request.method === "GET" ? module.loader : module.action;
  if (!handler) return new Response(null, { status: 405 });
  return respond(() => handler(routeArgs(request, { params })));
}
