import { randomUUID } from "node:crypto";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import routes from "#app/routes.ts";
import { getDb } from "#db/database.ts";
import { createApiKey } from "#server/api-keys/api-keys.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { createJourney } from "#server/journeys/journeys.ts";
import { createInvitation } from "#server/members/invitations.ts";
import { receiveImportChunk } from "#server/contacts/receive-import.ts";
import { createSegment } from "#server/segments/segments.ts";
import { can } from "#server/teams/permissions.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import { TEAM_ROLES, type TeamRole } from "#shared/teams/roles.ts";
import { createUser, teamWithRoles, type TeamMember } from "../factories.ts";
import { bearer, ORIGIN } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";
import { memberOf } from "./team-api.ts";
import { ROUTE_DECISIONS, type RouteDecision } from "./route-decisions.ts";

// Every route of app/routes.ts, every method it serves, as each of the four roles of one
// team: a role without the route's permission gets 403, one with it anything but 403
// (never a 500), and an id of another team's resource in the path stays a 404.

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type FlatRoute = { key: string; path: string; file: string };

function flatten(entries: RouteEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const key = entry.index ? `${parent || "/"} (index)` : own || "/";
    return [{ key, path: own || "/", file: entry.file }, ...flatten(entry.children ?? [], own)];
  });
}

const ROUTES = flatten(routes as RouteEntry[]);

type Handler = (args: ReturnType<typeof routeArgs<Record<string, string>>>) => unknown;
type RouteModule = { loader?: Handler; action?: Handler };

let team: { teamId: string; members: Record<TeamRole, TeamMember> };
let theirs: Record<string, string>;

beforeAll(async () => {
  team = await teamWithRoles();
  // Another team's resources, whose ids go into the paths: they must stay not found.
  const other = await createUser();
  const access = await ownerAccess(other.teamId);
  const imported = await receiveImportChunk(getDb(), {
    access,
    input: { contacts: [{ name: "Theirs", email: "theirs@example.com", phone: null }] },
  });
  const contact = await getDb()
    .selectFrom("contacts")
    .select("id")
    .where("teamId", "=", other.teamId)
    .executeTakeFirstOrThrow();
  theirs = {
    teamId: other.teamId,
    contacts: contact.id,
    imports: imported.importId,
    segments: (await createSegment(getDb(), { access, name: "Theirs" })).id,
    campaigns: (await createCampaign(getDb(), { access, input: { name: "Theirs", type: "EMAIL", segmentIds: [] } })).id,
    journeys: (
      await createJourney(getDb(), {
        access,
        input: {
          name: "Theirs",
          definition: { entry: { type: "contact_created" }, reentry: { mode: "once" }, goal: null, steps: [] },
        },
      })
    ).id,
    "write-keys": (await createWriteKey(getDb(), { access, name: "Theirs", kind: "client" })).id,
    "api-keys/api": (await createApiKey(getDb(), { access, name: "Theirs", role: "viewer" })).id,
    members: (await memberOf(other.teamId, "marketer")).userId,
    invitations: (
      await createInvitation(getDb(), { access, email: "invited@example.com", role: "viewer", baseUrl: ORIGIN })
    ).id,
  };
  theirs.broadcasts = theirs.campaigns!;
  theirs["api-keys"] = theirs["write-keys"]!;
});

/** The other team's id for the resource an `:id` names, by the path segment before it. */
function idFor(routePath: string): string {
  const before = routePath.slice(0, routePath.indexOf("/:id"));
  const kind = Object.keys(theirs)
    .filter((name) => before.endsWith(`/${name}`))
    .sort((a, b) => b.length - a.length)[0];
  return kind ? theirs[kind]! : randomUUID();
}

function concrete(routePath: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = routePath
    .replace(":id", () => (params.id = idFor(routePath)))
    .replace(":userId", () => (params.userId = theirs.members!))
    .replace(":teamId", () => (params.teamId = theirs.teamId!))
    .replace(":token", () => (params.token = "not-a-token"))
    .replace("*", () => (params["*"] = "nothing-here"));
  return { url, params };
}

// The API checks a body before it looks the resource up: these carry a valid one, so the
// answer says whether another team's id is found, not whether "{}" is a body.
const API_BODIES: Record<string, unknown> = {
  "PATCH /api/segments/:id": { name: "Renamed" },
  "POST /api/segments/:id/contacts": { contactIds: [randomUUID()] },
  "POST /api/segments/:id/erase-contacts": { confirm: "Segment" },
  "PUT /api/campaigns/:id": { name: "Renamed", type: "EMAIL", segmentIds: [] },
  "PUT /api/journeys/:id": { name: "Renamed", entry: { type: "contact_created" }, steps: [] },
  "POST /api/campaigns/:id/schedule": { scheduledTime: new Date(Date.now() + 86_400_000).toISOString() },
  "PATCH /api/members/:userId": { role: "VIEWER" },
};

// Likewise for the page forms that read their fields before the lookup.
const FORM_BODIES: Record<string, Record<string, string>> = {
  "POST /dashboard/settings/members/:id/role": { role: "VIEWER" },
  "POST /dashboard/segments/:id/erase": { confirm: "Segment" },
};

/** Whether the path names one resource by id, which another team's id must not find. */
function namesResource(routePath: string): boolean {
  return /\/:(id|userId)(\/|$)/.test(routePath);
}

async function answer(route: FlatRoute, method: string, member: TeamMember): Promise<Response> {
  const module = (await import(path.resolve("app", route.file))) as RouteModule;
  const handler = method === "GET" ? module.loader : module.action;
  if (!handler) throw new Error(`${route.key} serves no ${method}`);
  const { url, params } = concrete(route.path);
  const api = route.path.startsWith("/api/");
  const headers = new Headers(api ? bearer(member.token) : member.cookie);
  let body: string | undefined;
  if (method !== "GET") {
    headers.set("Content-Type", api ? "application/json" : "application/x-www-form-urlencoded");
    const key = `${method} ${route.key}`;
    body = api ? JSON.stringify(API_BODIES[key] ?? {}) : new URLSearchParams(FORM_BODIES[key] ?? {}).toString();
  }
  const request = new Request(`${ORIGIN}${url}`, { method, headers, body });
  if (api) return respond(() => handler(routeArgs(request, { params })));
  return serveDashboard(handler as never, request, params as { id: string });
}

function expected(decision: RouteDecision, role: TeamRole, routePath: string): string {
  const permission = typeof decision === "string" ? decision : decision.permission;
  if (!can(role, permission as Parameters<typeof can>[1])) return "403";
  if (typeof decision === "object") return String(decision.answers);
  return namesResource(routePath) ? "404" : "allowed";
}

function seen(status: number, want: string): string {
  if (want === "allowed") return status === 403 || status >= 500 ? String(status) : "allowed";
  return String(status);
}

test("every route in app/routes.ts has a decision for each method it serves", () => {
  const missing = ROUTES.filter((route) => !ROUTE_DECISIONS[route.key]).map((route) => route.key);
  expect(missing, "routes without a line in tests/teams/route-decisions.ts").toEqual([]);
  const stale = Object.keys(ROUTE_DECISIONS).filter((key) => !ROUTES.some((route) => route.key === key));
  expect(stale, "decisions for routes that no longer exist").toEqual([]);
});

describe("each route answers each role as the decision table says", () => {
  const teamRoutes = ROUTES.filter((route) =>
    Object.values(ROUTE_DECISIONS[route.key] ?? {}).some((decision) => decision !== "public"),
  );
  test.each(teamRoutes.map((route) => [route.key, route] as const))("%s", async (_key, route) => {
    const mismatches: string[] = [];
    for (const [method, decision] of Object.entries(ROUTE_DECISIONS[route.key]!)) {
      if (decision === "public") continue;
      for (const role of TEAM_ROLES) {
        const want = expected(decision, role, route.path);
        const response = await answer(route, method, team.members[role]);
        const got = seen(response.status, want);
        if (got !== want) mismatches.push(`${method} ${route.key} as ${role}: expected ${want}, got ${got}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
