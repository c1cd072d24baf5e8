import type { Route } from "./+types/contact-export";
import { getDb } from "#db/database.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { streamContactExport } from "#server/privacy/contact-export.ts";

/** `GET /api/contacts/{id}/export`: everything kept about one contact, as a JSON download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const access = accessOf(await requireApiUser(request));
    const { fileName, body } = await streamContactExport(getDb(), { access, contactId: params.id });
    return new Response(body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
