import type { Route } from "./+types/settings-frequency";
import { getDb } from "#db/database.ts";
import { getFrequencySettings, saveFrequencySettings } from "#server/frequency/settings.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { FrequencySettingsSchema } from "#shared/frequency/schemas.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await getFrequencySettings(getDb(), { teamId: team.id }) });
  });
}

export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const access = requireAccess(await requireApiUser(request), "frequency-settings.manage");
    const input = await readJsonBody(request, FrequencySettingsSchema);
    return Response.json({ data: await saveFrequencySettings(getDb(), { access, input }) });
  });
}
