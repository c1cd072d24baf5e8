import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLoaderData } from "react-router";
import { abilitiesOf } from "#server/teams/permissions.ts";
import type { TeamRole } from "#shared/teams/roles.ts";

// A dashboard page rendered to HTML as the server renders it: its loader runs and
// the page shows its data, or, when the loader throws, the route's ErrorBoundary. It sits
// under the dashboard layout's route id, whose data says what the role may do.

type PageModule = {
  default: ComponentType<never>;
  ErrorBoundary: ComponentType;
};

/** The page's HTML and its visible text (tags and React's text separators taken out). */
export async function renderPage(
  path: string,
  page: PageModule,
  load: () => Promise<unknown>,
  role: TeamRole = "owner",
) {
  const Page = () => createElement(page.default, { loaderData: useLoaderData() } as never);
  const layout = {
    user: { name: "Test", email: "test@murmur.test" },
    team: { name: "Test team", role },
    abilities: abilitiesOf(role),
    sidebarCollapsed: false,
  };
  const handler = createStaticHandler([
    {
      id: "routes/dashboard/layout",
      loader: () => layout,
      Component: Outlet,
      children: [
        {
          path: new URL(path, "http://murmur.test").pathname,
          loader: load,
          Component: Page,
          ErrorBoundary: page.ErrorBoundary,
        },
      ],
    },
  ]);
  const context = await handler.query(new Request(new URL(path, "http://murmur.test")));
  if (context instanceof Response) throw new Error(`the loader answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  return { html, text, status: context.statusCode };
}
