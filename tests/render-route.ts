import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";

// A dashboard page rendered to HTML as the server renders it: its loader runs and
// the page shows its data, or, when the loader throws, the route's ErrorBoundary.

type PageModule = {
  default: ComponentType<never>;
  ErrorBoundary: ComponentType;
};

/** The page's HTML and its visible text (tags and React's text separators taken out). */
export async function renderPage(path: string, page: PageModule, load: () => Promise<unknown>) {
  const Page = () => createElement(page.default, { loaderData: useLoaderData() } as never);
  const handler = createStaticHandler([
    {
      path: new URL(path, "http://murmur.test").pathname,
      loader: load,
      Component: Page,
      ErrorBoundary: page.ErrorBoundary,
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
