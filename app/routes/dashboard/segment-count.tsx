import { data, redirect } from "react-router";
import type { Route } from "./+types/segment-count";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { parseSegmentTab, segmentsPath } from "#app/components/segments/segment-tabs-config.ts";
import { getDb } from "#db/database.ts";
import { flashToasts, type Toast } from "#app/http/toast.ts";
import { type RecountOutcome, recountSegment } from "#server/segments/recount-segment.ts";
import { sessionContext } from "#app/http/context.ts";
import { getSegment } from "#server/segments/find-segment.ts";

// A person is waiting: a turn among the process's counts within two seconds, or try later.
const SLOT_WAIT_MS = 2_000;

const NOT_COUNTED = {
  "too-slow": "Counting these contacts took too long. Try again later, or narrow the filter.",
  "too-large": "This segment's filter is too large to evaluate.",
  busy: "Other counts are running. Try again in a moment.",
} as const;

const count = new Intl.NumberFormat("en-US");

// Nothing to show at this address: a GET lands back on the list.
export function loader({ request }: Route.LoaderArgs) {
  return redirect(segmentsPath(parseSegmentTab(new URL(request.url).searchParams.get("tab"))));
}

/** "Count now" on a segment card: a fresh count stored for the list, then back to the same tab and page. */
export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const { team } = context.get(sessionContext);
  const segment = await getSegment(getDb(), { teamId: team.id, segmentId: params.id });
  const outcome = await recountSegment(getDb(), { teamId: team.id, segmentId: segment.id, slotWaitMs: SLOT_WAIT_MS });
  if (outcome.status === "not-found") throw data("Segment not found.", { status: 404 });
  const back = `/dashboard/segments${new URL(request.url).search}`;
  return redirect(back, { headers: { "Set-Cookie": await flashToasts(toastFor(segment.name, outcome)) } });
});

function toastFor(name: string, outcome: Exclude<RecountOutcome, { status: "not-found" }>): Toast {
  if (outcome.status === "counted")
    return {
      type: "success",
      title: "Success",
      description: `${name}: ${count.format(outcome.contactCount)} contacts`,
    };
  return { type: "error", title: "Error", description: NOT_COUNTED[outcome.reason] };
}
