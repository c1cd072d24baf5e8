import type { Route } from "./+types/journey-state";
import { JOURNEYS_PATH } from "#app/components/journeys/describe-step.ts";
import { requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { redirectWithRefusal, redirectWithToast } from "#app/http/redirect-with-toast.ts";
import { getDb } from "#db/database.ts";
import { getJourney } from "#server/journeys/journeys.ts";
import { pauseJourney, publishJourney, startJourney, stopJourney } from "#server/journeys/states.ts";

const MOVES = {
  start: { run: startJourney, done: "Journey is live" },
  publish: { run: publishJourney, done: "Changes published" },
  pause: { run: pauseJourney, done: "Journey paused" },
  stop: { run: stopJourney, done: "Journey stopped" },
} as const;

/** Start (or Resume), Publish changes, Pause and Stop: one-button forms from the journey page. */
export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "journeys.start");
  const journey = await getJourney(getDb(), { teamId: access.teamId, journeyId: params.id });
  const journeyPath = `${JOURNEYS_PATH}/${journey.id}`;
  const intent = (await request.formData()).get("intent");
  const move = MOVES[intent as keyof typeof MOVES];
  if (!move) return redirectWithToast(journeyPath, { type: "error", title: "Choose Start, Pause or Stop" });
  try {
    const moved = await move.run(getDb(), { access, journeyId: journey.id });
    const title = intent === "start" && journey.state === "paused" ? "Journey resumed" : move.done;
    return redirectWithToast(journeyPath, {
      type: "success",
      title,
      description: moved.liveVersion ? `Version ${moved.liveVersion} is live for new contacts.` : undefined,
    });
  } catch (error) {
    return redirectWithRefusal(journeyPath, error, "The journey did not change");
  }
});
