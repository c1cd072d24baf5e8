import type { Route } from "./+types/outbox";
import { getDb } from "#db/database.ts";
import { listOutboxMessages, OutboxQuerySchema } from "#server/delivery/outbox-api.ts";
import { handleApi, methodNotAllowed, parseQuery } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

/** The built-in outbox as a mail catcher's API: what was "sent", to test an install end to end. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const query = parseQuery(request, OutboxQuerySchema);
    const page = await listOutboxMessages(getDb(), {
      teamId: team.id,
      campaignId: query.campaignId,
      to: query.to,
      after: query.cursor,
      limit: query.limit ?? 50,
    });
    return Response.json(page);
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
