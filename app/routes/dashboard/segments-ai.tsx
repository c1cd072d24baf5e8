import { data, Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/segments-ai";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { SegmentDialogErrorBoundary } from "#app/components/segments/segment-dialog-error.tsx";
import { AI_SEGMENT_NAME, aiPromptPath, aiSavePath } from "#app/components/segments/ai-prompt/paths.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { getDb } from "#db/database.ts";
import { promptPanelResult, shownPanelResult } from "#server/ai/page-result.ts";
import { isAppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { requireAccess } from "#app/http/access.ts";
import { flashToasts } from "#app/http/toast.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { createFilterSegment } from "#server/segments/filter-segments.ts";

/*
 * The AI Prompt tab's result. Generate is a GET form to this route (a prompt
 * is read, nothing changes), so it works without JavaScript and the page can be
 * reloaded or shared; the segments page shows the result in its AI Prompt tab
 * (ai-prompt-panel.tsx reads this loader). With `save=1` this route also draws
 * the create dialog, prefilled with 'AI Generated Segment', which saves the
 * shown filter as a filter segment: 'Save Segment' carries that filter (and
 * what was not understood) in the URL, so the prompt is not read again.
 * 'Refine' is a GET form too: `refine` is a follow-up prompt that edits the
 * filter shown (`filter`), and `reading` picks another reading of an
 * ambiguous prompt.
 */

export const meta: Route.MetaFunction = () => [{ title: "AI Prompt · Segments · Murmur" }];

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const session = context.get(sessionContext);
  // Reading a prompt builds a segment (and may cost a model call): a Viewer has no AI tab.
  const access = requireAccess(session, "segments.write");
  const team = session.team;
  const user = session.user;
  const params = new URL(request.url).searchParams;
  const prompt = params.get("prompt");
  if (prompt === null) return { result: null };
  const filterJson = params.get("save") === "1" ? params.get("filter") : null;
  if (filterJson !== null) {
    return {
      result: await shownPanelResult(getDb(), {
        teamId: team.id,
        prompt,
        filterJson,
        unsupported: params.getAll("unsupported"),
      }),
    };
  }
  // A follow-up edits the filter shown before it: that filter, not the prompt, travels in the URL.
  const refine = params.get("refine");
  const followUp =
    refine === null
      ? undefined
      : {
          text: refine,
          filterJson: params.get("filter") ?? "",
          earlier: params.getAll("said"),
          unsupported: params.getAll("unsupported"),
        };
  const result = await promptPanelResult(getDb(), {
    access,
    userId: user.id,
    prompt,
    readings: params.getAll("reading"),
    followUp,
  });
  if (result.error !== null && result.retryAfterSeconds) {
    return data({ result }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  return { result };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "segments.write");
  const form = await request.formData();
  const name = String(form.get("name") ?? "");
  try {
    let filter: unknown;
    try {
      filter = JSON.parse(String(form.get("filter") ?? ""));
    } catch {
      filter = undefined;
    }
    await createFilterSegment(getDb(), { access, name, filter: parseFilter(filter) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ name, errors: error.fields?.name ?? [error.message] }, { status: error.status });
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: "Segment created successfully" });
  return redirect("/dashboard/segments", { headers: { "Set-Cookie": toast } });
});

export default function AiPromptSave({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const result = loaderData.result;
  if (searchParams.get("save") !== "1" || !result || result.error !== null) return null;
  const closeTo = aiPromptPath(result.prompt);
  return (
    <RouteDialog
      title="Create Segment"
      description="Saves the generated filter as a segment, counted as it is saved and recounted every few minutes."
      closeTo={closeTo}
    >
      <Form method="post" action={aiSavePath(result)} className="flex flex-col gap-4">
        <input type="hidden" name="filter" value={result.filterJson} />
        <Field
          label="Segment name"
          inputProps={{
            id: "ai-segment-name",
            name: "name",
            defaultValue: actionData?.name ?? AI_SEGMENT_NAME,
            autoComplete: "off",
          }}
          errors={actionData?.errors}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link to={closeTo} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit">Create</Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export { SegmentDialogErrorBoundary as ErrorBoundary };
