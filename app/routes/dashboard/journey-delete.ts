import type { Route } from "./+types/journey-delete";
import { JOURNEYS_PATH } from "#app/components/journeys/describe-step.ts";
import { requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { redirectWithRefusal, redirectWithToast } from "#app/http/redirect-with-toast.ts";
import { getDb } from "#db/database.ts";
import { deleteJourney } from "#server/journeys/journeys.ts";

/** Deletes a draft or stopped journey; a live or paused one comes back with the message to stop it first. */
export const action = mapRefusals(async ({ params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "journeys.write");
  try {
    await deleteJourney(getDb(), { access, journeyId: params.id });
  } catch (error) {
    return redirectWithRefusal(`${JOURNEYS_PATH}/${params.id}`, error, "The journey was not deleted");
  }
  return redirectWithToast(JOURNEYS_PATH, { type: "success", title: "Journey deleted" });
});
