import { data, Link } from "react-router";
import type { Route } from "./+types/search";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { SEARCH_GROUPS } from "#app/components/search/search-groups.ts";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { readSearchQuery, searchWorkspace } from "#server/search/workspace-search.ts";
import { sessionContext } from "#app/http/context.ts";

export const meta: Route.MetaFunction = () => [{ title: "Search · Murmur" }];

/** The top bar's search as a page: what its GET form shows without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  try {
    const query = readSearchQuery(new URL(request.url).searchParams.get("q"));
    const results = await searchWorkspace(getDb(), { teamId: team.id, query, limit: 20 });
    return { error: null, ...results };
  } catch (error) {
    if (!isAppError(error) || error.code !== "INVALID") throw error;
    return data(
      { error: error.message, query: "", contacts: [], segments: [], campaigns: [], pages: [] },
      { status: 400 },
    );
  }
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { error, query } = loaderData;
  const found = SEARCH_GROUPS.filter((group) => loaderData[group.key].length > 0);
  return (
    <>
      <PageHeader
        title="Search"
        description={query ? `Results for “${query}”` : "Search contacts, segments, campaigns and pages."}
      />
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : query && found.length === 0 ? (
        <p>Nothing matches “{query}”.</p>
      ) : null}
      <div className="space-y-6">
        {found.map((group) => (
          <section key={group.key} aria-labelledby={`search-${group.key}`}>
            <h2 id={`search-${group.key}`} className="mb-2 text-lg font-semibold">
              {group.heading}
            </h2>
            <Card className="p-0">
              <ul className="divide-y">
                {loaderData[group.key].map((hit) => (
                  <li key={hit.id}>
                    <Link to={hit.href} className="block px-5 py-3 hover:bg-muted">
                      <span className="block font-medium break-words">{hit.title}</span>
                      {hit.detail ? <span className="text-sm text-muted-foreground">{hit.detail}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          </section>
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Search" description="Search contacts, segments, campaigns and pages." />
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <p className="font-medium">Failed to search.</p>
        <Link to="/dashboard/search" reloadDocument className="text-sm text-primary underline-offset-4 hover:underline">
          Try again
        </Link>
      </Card>
    </>
  );
}
