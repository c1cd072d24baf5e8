import type { Route } from "./+types/segments-preview";
import { readBuilderForm } from "#app/components/segments/filter-builder/read-form.ts";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { previewDraft } from "#server/segments/filter/builder.ts";

// The Event Filter tab's live count: the builder's form, posted as it is after
// each pause in editing (JavaScript only; without it Preview posts to the page).
export async function action({ request, context }: Route.ActionArgs) {
  const { team } = context.get(sessionContext);
  const { draft } = readBuilderForm(await request.formData());
  const selfId = new URL(request.url).searchParams.get("segment") ?? undefined;
  const result = await previewDraft(getDb(), { teamId: team.id, draft, selfId: selfId || undefined });
  if (result.preview) return Response.json(result.preview);
  return Response.json({ problem: result.problem, errors: result.errors }, { status: 400 });
}
