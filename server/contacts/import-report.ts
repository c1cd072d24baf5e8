import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";
import { notifyImportDone } from "#server/notifications/import-events.ts";

export type ImportReport = {
  id: string;
  fileName: string | null;
  status: string;
  error: string | null;
  rowsReceived: number;
  imported: number;
  updated: number;
  skipped: number;
  createdAt: Date;
  finishedAt: Date | null;
  /** The segment the import created, unless it has since been deleted. */
  segment: { id: string; name: string } | null;
};

const NOT_FOUND = "Import not found.";

/**
 * One import of the team with its totals and segment, for its result page. An
 * unknown id, a malformed one and another team's are all NOT_FOUND, never a
 * database error.
 */
export async function getImportReport(
  db: Database,
  options: { teamId: string; importId: string },
): Promise<ImportReport> {
  if (!isWellFormedId(options.importId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const found = await db
    .selectFrom("imports")
    .leftJoin("segments", (join) =>
      join.onRef("segments.id", "=", "imports.segmentId").on("segments.teamId", "=", options.teamId),
    )
    .select([
      "imports.id",
      "imports.fileName",
      "imports.status",
      "imports.error",
      "imports.rowsReceived",
      "imports.imported",
      "imports.updated",
      "imports.skipped",
      "imports.createdAt",
      "imports.finishedAt",
      "segments.id as segmentId",
      "segments.name as segmentName",
    ])
    .where("imports.id", "=", options.importId)
    .where("imports.teamId", "=", options.teamId)
    .executeTakeFirst();
  const { segmentId, segmentName, ...rest } = requireFound(found, NOT_FOUND);
  return { ...rest, segment: segmentId && segmentName !== null ? { id: segmentId, name: segmentName } : null };
}

/**
 * Closes a running import as failed with the reason shown on its result page.
 * Chunks already applied stay applied (each was its own transaction); an import
 * that is no longer running is left as it is. The team is notified (once).
 */
export async function failImport(
  db: Database,
  options: { teamId: string; importId: string; error: string },
): Promise<void> {
  await db
    .updateTable("imports")
    .set({ status: "failed", error: options.error.slice(0, 1000), finishedAt: new Date() })
    .where("id", "=", options.importId)
    .where("teamId", "=", options.teamId)
    .where("status", "=", "running")
    .execute();
  await notifyImportDone(db, options);
}
