import type { Database } from "#db/database.ts";

export type ContactLabel = { id: string; name: string | null; email: string | null };

/** Name and email of this team's contacts among `ids`, for lists that show who did something. */
export async function contactLabels(
  db: Database,
  options: { teamId: string; ids: string[] },
): Promise<Map<string, ContactLabel>> {
  const ids = [...new Set(options.ids)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("contacts")
    .select(["id", "name", "email"])
    .where("teamId", "=", options.teamId)
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
