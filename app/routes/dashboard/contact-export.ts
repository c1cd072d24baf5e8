import type { Route } from "./+types/contact-export";
import { getDb } from "#db/database.ts";
import { accessOf } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { streamContactExport } from "#server/privacy/contact-export.ts";

/** The contact page's "Export data": everything kept about the contact, as a JSON download. */
export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = accessOf(context.get(sessionContext));
  const { fileName, body } = await streamContactExport(getDb(), { access, contactId: params.id });
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
