import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

// Paths answered before React Router: the metrics name them as they are.
const OWN_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** The manifest's flat list of routes (each naming its parent) as the nested tree matchRoutes reads. */
function routeTree(manifest: ServerBuild["routes"]): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((route): route is ManifestRoute => route !== undefined && route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}

/**
 * Names a request path by the pattern of app/routes.ts it matches (`/contacts/:id`,
 * never `/contacts/0c1f...`), so metrics keep one series per route rather than one
 * per contact. A client navigation's `.data` request counts under its page's route;
 * a path no route matches is `unmatched`.
 */
export function routePatternNamer(manifest: ServerBuild["routes"]): (path: string) => string {
  const tree = routeTree(manifest);
  // matchRoutes ranks every route and compiles their patterns on each call (about 2 ms a
  // request): paths seen recently keep their name, within a bound, since paths carry ids.
  const named = new Map<string, string>();
  return (path) => {
    const known = named.get(path);
    if (known !== undefined) return known;
    const name = patternOf(tree, path);
    if (path.length > LONGEST_PATH_KEPT) return name;
    if (named.size >= NAMED_PATHS_KEPT) named.clear();
    named.set(path, name);
    return name;
  };
}

// At most 5,000 paths of up to 200 characters: about 2 MB, whatever clients ask for.
const NAMED_PATHS_KEPT = 5_000;
const LONGEST_PATH_KEPT = 200;

function patternOf(tree: RouteObject[], path: string): string {
  if (OWN_PATHS.has(path)) return path;
  const pagePath = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  const matches = matchRoutes(tree, pagePath);
  if (!matches) return "unmatched";
  const pattern = matches
    .map((match) => match.route.path)
    .filter((segment) => segment)
    .join("/")
    .replace(/\/+/g, "/");
  return `/${pattern.replace(/^\//, "")}`;
}
