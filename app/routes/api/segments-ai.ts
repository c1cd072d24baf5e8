import type { Route } from "./+types/segments-ai";
import { getDb } from "#db/database.ts";
import { answerPrompt, PromptSchema } from "#server/ai/generate.ts";
import { modelSettingsFromEnv } from "#server/ai/settings.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * `{ prompt }` to `{ filter, explanation, unsupported, choices, count, sample }` (and which
 * interpreter answered); `{ prompt, filter }` edits that filter with a follow-up prompt, and
 * `readings` picks among an earlier answer's choices.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const session = await requireApiUser(request);
    const access = requireAccess(session, "segments.write");
    const { prompt, filter, readings } = await readJsonBody(request, PromptSchema);
    return Response.json(
      await answerPrompt(getDb(), {
        access,
        userId: session.user.id,
        prompt,
        filter,
        readings,
        model: modelSettingsFromEnv(),
      }),
    );
  });
}
