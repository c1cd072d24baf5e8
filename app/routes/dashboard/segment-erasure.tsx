import { Eraser } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { Route } from "./+types/segment-erasure";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { sessionContext } from "#app/http/context.ts";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { getSegmentErasure } from "#server/privacy/segment-erasures.ts";

/** Seconds between reloads while the erasure runs: the page follows it with or without JavaScript. */
const REFRESH_SECONDS = 3;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Erasing ${loaderData?.erasure.segmentName ?? "contacts"} · Murmur` },
  ...(loaderData?.erasure.status === "running" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const { team } = context.get(sessionContext);
  const erasure = await getSegmentErasure(getDb(), { teamId: team.id, erasureId: params.id });
  return {
    erasure: {
      ...erasure,
      createdAt: erasure.createdAt.toISOString(),
      finishedAt: erasure.finishedAt?.toISOString() ?? null,
    },
  };
});

const count = new Intl.NumberFormat("en-US");
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function SegmentErasure({ loaderData }: Route.ComponentProps) {
  const { erasure } = loaderData;
  const running = erasure.status === "running";
  const done = erasure.erased + erasure.alreadyGone;
  return (
    <>
      <PageHeader
        title={`Erasing the contacts of ${erasure.segmentName}`}
        description={`Started ${when.format(new Date(erasure.createdAt))} UTC`}
      />
      <Card className="flex max-w-2xl flex-col gap-4 p-4 md:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">Progress</h2>
          <Badge variant={running ? "secondary" : "default"}>{running ? "Running" : "Completed"}</Badge>
        </div>
        <progress
          className="w-full"
          max={Math.max(erasure.total, 1)}
          value={running ? done : Math.max(erasure.total, 1)}
        >
          {done} of {erasure.total}
        </progress>
        <p className="text-lg tabular-nums">
          {count.format(erasure.erased)} of {count.format(erasure.total)} contacts erased
        </p>
        {erasure.alreadyGone ? (
          <p className="text-sm text-muted-foreground">
            {count.format(erasure.alreadyGone)} were gone already (erased or deleted before their turn).
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {erasure.segmentKind === "filter"
            ? "The segment's filter was evaluated once, when the erasure started: the contacts it matched then are the ones erased, not those who match it later."
            : "The contacts in the segment when the erasure started are the ones erased, not those added later."}{" "}
          {running
            ? `This page reloads every ${REFRESH_SECONDS} seconds until it is done; the team is notified then.`
            : erasure.finishedAt
              ? `Finished ${when.format(new Date(erasure.finishedAt))} UTC.`
              : null}
        </p>
        <Link to="/dashboard/segments" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to segments
        </Link>
      </Card>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title="Erasing contacts" description="How far erasing a segment's contacts has gone." />
      <EmptyState icon={Eraser} title={notFound ? "Erasure not found." : "This erasure could not be loaded."}>
        <Link to="/dashboard/segments" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to segments
        </Link>
      </EmptyState>
    </>
  );
}
