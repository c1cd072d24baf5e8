import type { Route } from "./+types/import-skipped-csv";
import { getDb } from "../../../db/database.ts";
import { getImport, listImportSkips } from "../../../server/contacts/import.ts";
import { toCsvLine } from "../../../server/csv.ts";
import { handleApi } from "../../../server/http/api.ts";
import { requireId } from "../../../server/http/params.ts";
import { requireApiUser } from "../../http/session.ts";
import { AppError } from "../../../server/errors.ts";

const PAGE = 5000;

/** The skipped rows of an import with their reasons, streamed as CSV a page at a time. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const importId = requireId(params.id, "Import not found.");
    const found = await getImport(getDb(), { teamId: team.id, importId });
    if (!found) throw new AppError("NOT_FOUND", "Import not found.");
    const encoder = new TextEncoder();
    let afterRow = 0;
    let headerSent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(toCsvLine(["row", "email", "reason"])));
        }
        const rows = await listImportSkips(getDb(), { teamId: team.id, importId, afterRow, limit: PAGE });
        if (rows.length === 0) return controller.close();
        afterRow = rows.at(-1)!.rowNumber;
        controller.enqueue(encoder.encode(rows.map((r) => toCsvLine([String(r.rowNumber), r.email ?? "", r.reason])).join("")));
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="import-${importId}-skipped-rows.csv"`,
      },
    });
  });
}
