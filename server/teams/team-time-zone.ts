import type { Database } from "#db/database.ts";

/** The team's time zone (IANA name): what "today" and day filters mean for it. */
export async function teamTimeZone(db: Database, teamId: string): Promise<string> {
  const row = await db.selectFrom("teams").select("timeZone").where("id", "=", teamId).executeTakeFirst();
  return row?.timeZone ?? "UTC";
}
