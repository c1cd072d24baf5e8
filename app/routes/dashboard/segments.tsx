import { Layers, Plus } from "lucide-react";
import { Link, Outlet, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import type { Route } from "./+types/segments";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { SegmentCard } from "../../components/segments/segment-card.tsx";
import { SegmentTabs } from "../../components/segments/segment-tabs.tsx";
import { parseSegmentTab, segmentsPath } from "../../components/segments/segment-tabs-config.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { getDb } from "../../../db/database.ts";
import { sessionContext } from "../../../server/http/context.ts";
import { listSegments } from "../../../server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Segments · Murmur" }];

const DESCRIPTION = "Groups of contacts to send to, built from a list, from filters or from a prompt.";

export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const segments = await listSegments(getDb(), { teamId: team.id });
  return { segments: segments.map(({ id, name, kind, contactCount }) => ({ id, name, kind, contactCount })) };
}

// The list does not depend on the tab, so switching tabs need not count every segment's members again.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function Segments({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const tab = parseSegmentTab(searchParams.get("tab"));
  const { segments } = loaderData;

  return (
    <>
      <PageHeader
        title="Segments"
        description={DESCRIPTION}
        actions={
          <Button asChild>
            <Link to={segmentsPath(tab, "new")} preventScrollReset>
              <Plus aria-hidden="true" />
              Create Segment
            </Link>
          </Button>
        }
      />
      {/* The open dialog route: a modal with JavaScript, a card here above the list without it. */}
      <Outlet />
      <Card className="mb-8 p-4 md:p-6">
        <SegmentTabs active={tab} />
      </Card>
      <section aria-labelledby="segment-list-heading" className="flex flex-col gap-4">
        <h2 id="segment-list-heading" className="text-lg font-semibold">
          Your segments
        </h2>
        {segments.length === 0 ? (
          <EmptyState icon={Layers} title="No segments yet. Create your first segment to get started." />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {segments.map((segment) => (
              <li key={segment.id}>
                <SegmentCard segment={segment} tab={tab} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Segments" description={DESCRIPTION} />
      <div className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 px-6 py-10 text-center">
        <p role="alert" className="font-medium text-destructive">
          Failed to load segments.
        </p>
        <Button variant="outline" asChild>
          <Link to="/dashboard/segments" reloadDocument>
            Try again
          </Link>
        </Button>
      </div>
    </>
  );
}
