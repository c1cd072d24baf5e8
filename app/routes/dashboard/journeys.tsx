import { Plus, Waypoints } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/journeys";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { EmptyState } from "#app/components/empty-state.tsx";
import { JOURNEYS_PATH, STATE_LABELS } from "#app/components/journeys/describe-step.ts";
import { KeysetPager } from "#app/components/keyset-pager.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { readPageRequest } from "#app/lib/page-cursor.ts";
import { sessionContext } from "#app/http/context.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { getDb } from "#db/database.ts";
import { listJourneys } from "#server/journeys/journey-list.ts";

export const meta: Route.MetaFunction = () => [{ title: "Journeys · Murmur" }];

const DESCRIPTION = "Messages that follow each contact from an event or a segment, step by step.";
const STALE_PAGE_LINK = "That page link is no longer valid, so the list starts from the newest journeys.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const at = readPageRequest(new URL(request.url).searchParams);
  const page = await startOverOnStaleCursor(listJourneys(getDb(), { teamId: team.id, ...at }), {
    firstPage: JOURNEYS_PATH,
    message: STALE_PAGE_LINK,
  });
  return {
    journeys: page.rows.map(({ id, name, state, entered, active, converted }) => ({
      id,
      name,
      state,
      entered,
      active,
      converted,
    })),
    page: { previousCursor: page.previousCursor, nextCursor: page.nextCursor },
  };
}

export default function Journeys({ loaderData }: Route.ComponentProps) {
  const { journeys, page } = loaderData;
  const write = useAbility("journeys.write");
  return (
    <>
      <PageHeader
        title="Journeys"
        description={DESCRIPTION}
        actions={
          write.allowed ? (
            <Button asChild>
              <Link to={`${JOURNEYS_PATH}/new`}>
                <Plus aria-hidden="true" />
                New journey
              </Link>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{write.reason}</p>
          )
        }
      />
      <section aria-labelledby="journey-list-heading" className="flex flex-col gap-4">
        <h2 id="journey-list-heading" className="sr-only">
          All journeys
        </h2>
        {journeys.length === 0 ? (
          <EmptyState icon={Waypoints} title="No journeys yet. Create your first journey to get started." />
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <thead className="bg-muted/50 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Journey
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    State
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Entered
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Active
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Converted
                  </th>
                </tr>
              </thead>
              <tbody>
                {journeys.map((journey) => (
                  <tr key={journey.id} className="border-t">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      <Link to={`${JOURNEYS_PATH}/${journey.id}`} className="underline">
                        {journey.name}
                      </Link>
                    </th>
                    <td className="px-3 py-2">
                      <Badge variant={journey.state === "live" ? "default" : "outline"}>
                        {STATE_LABELS[journey.state]}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{journey.entered.toLocaleString("en-US")}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{journey.active.toLocaleString("en-US")}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{journey.converted.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <KeysetPager page={page} label="journeys" />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Journeys" description={DESCRIPTION} />
      <p role="alert" className="font-medium text-destructive">
        Failed to load journeys.
      </p>
    </>
  );
}
