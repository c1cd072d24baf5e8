import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/**
 * Whether PostgreSQL answers a trivial query: what readiness means for every role,
 * since nothing Murmur does works without it. Never throws.
 */
export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
