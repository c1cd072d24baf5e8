import type { ServerBuild } from "react-router";
import { expect, test } from "vitest";
import { routePatternNamer } from "#app/http/route-pattern.ts";

// A manifest shaped as React Router's build gives it: flat, each route naming its parent.
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const manifest = {
  root: route("root", undefined, ""),
  home: route("home", "root", undefined, true),
  dashboard: route("dashboard", "root"),
  contacts: route("contacts", "dashboard", "contacts"),
  contact: route("contact", "dashboard", "contacts/:id"),
  api: route("api", "root", "api/campaigns/:id/send"),
} as unknown as ServerBuild["routes"];

const routeOf = routePatternNamer(manifest);

test("a path is named by the pattern it matches, never by its ids", () => {
  expect(routeOf("/contacts/0c1f7a")).toBe("/contacts/:id");
  expect(routeOf("/contacts")).toBe("/contacts");
  expect(routeOf("/api/campaigns/42/send")).toBe("/api/campaigns/:id/send");
  expect(routeOf("/")).toBe("/");
});

test("a client navigation's .data request counts under its page; health checks and unknown paths have their own names", () => {
  expect(routeOf("/contacts/0c1f7a.data")).toBe("/contacts/:id");
  expect(routeOf("/_root.data")).toBe("/");
  expect(routeOf("/healthz")).toBe("/healthz");
  expect(routeOf("/wp-login.php")).toBe("unmatched");
});

test("a path asked for again, and many distinct ones, keep their names", () => {
  const named = routePatternNamer(manifest);
  for (let i = 0; i < 12_000; i++) expect(named(`/contacts/${i}`)).toBe("/contacts/:id");
  expect(named("/contacts/7")).toBe("/contacts/:id");
  expect(named(`/contacts/${"x".repeat(5_000)}`)).toBe("/contacts/:id");
  expect(named(`/contacts/${"x".repeat(5_000)}`)).toBe("/contacts/:id");
  expect(named("/wp-login.php")).toBe("unmatched");
});
