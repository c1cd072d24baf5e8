import type { Database } from "#db/database.ts";
import { notifyTeam } from "./notify.ts";

/**
 * Tells the team that an import finished or failed, from the import's stored
 * totals, so it reads the same whoever closed it. An import still running tells
 * nothing; each import tells once.
 */
export async function notifyImportDone(db: Database, options: { teamId: string; importId: string }): Promise<void> {
  const done = await db
    .selectFrom("imports")
    .select(["id", "status", "fileName", "error", "imported", "updated", "skipped"])
    .where("id", "=", options.importId)
    .where("teamId", "=", options.teamId)
    .where("status", "in", ["completed", "failed"])
    .executeTakeFirst();
  if (!done) return;
  const what = done.fileName ? `The import of ${done.fileName}` : "An import";
  const failed = done.status === "failed";
  await notifyTeam(db, {
    teamId: options.teamId,
    kind: "import-done",
    title: failed ? `${what} failed` : `${what} finished`,
    body: failed
      ? (done.error ?? "It stopped before the end.")
      : `${done.imported.toLocaleString("en-US")} added, ${done.updated.toLocaleString("en-US")} updated, ${done.skipped.toLocaleString("en-US")} skipped.`,
    linkPath: `/dashboard/imports/${done.id}`,
    dedupeKey: `import-done:${done.id}`,
  });
}
