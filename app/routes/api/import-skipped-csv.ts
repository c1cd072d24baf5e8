import type { Route } from "./+types/import-skipped-csv";
import { getDb } from "#db/database.ts";
import { streamSkippedRowsCsv } from "#server/contacts/skipped-rows-csv.ts";
import { csvDownload } from "#server/csv-stream.ts";
import { handleApi } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

/** The skipped rows of an import with their reasons, streamed as CSV a page at a time. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const body = await streamSkippedRowsCsv(getDb(), { teamId: team.id, importId: params.id });
    // The id is well formed: streamSkippedRowsCsv found the import by it.
    return csvDownload(body, `import-${params.id}-skipped-rows.csv`);
  });
}
