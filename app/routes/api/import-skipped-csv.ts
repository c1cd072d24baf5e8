import type { Route } from "./+types/import-skipped-csv";
import { getDb } from "#db/database.ts";
import { streamSkippedRowsCsv } from "#server/contacts/skipped-rows-csv.ts";
import { handleApi } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

/** The skipped rows of an import with their reasons, streamed as CSV a page at a time. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const body = await streamSkippedRowsCsv(getDb(), { teamId: team.id, importId: params.id });
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        // The id is well formed: streamSkippedRowsCsv found the import by it.
        "Content-Disposition": `attachment; filename="import-${params.id}-skipped-rows.csv"`,
      },
    });
  });
}
