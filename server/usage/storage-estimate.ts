import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** How many rows of each large table are the team's, as counted elsewhere without a scan. */
export type TeamRows = { contacts: number; events: number; deliveries: number };

/**
 * Bytes the team's rows take, estimated: PostgreSQL sizes tables (with their indexes
 * and TOAST), not teams, so each table's size per row (from its planner statistics)
 * is multiplied by the team's rows in it. Smaller tables (segments, campaigns, keys)
 * are left out: they are a rounding error beside these three.
 */
export async function estimateTeamStorage(db: Database, rows: TeamRows): Promise<number> {
  const { rows: sizes } = await sql<{ table: keyof TeamRows; bytesPerRow: number }>`
    select c.relname as "table",
           pg_total_relation_size(c.oid)::float8 / greatest(c.reltuples, 1)::float8 as "bytesPerRow"
    from pg_class c
    where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace
      and c.relname in ('contacts', 'events', 'deliveries')
  `.execute(db);
  let bytes = 0;
  for (const { table, bytesPerRow } of sizes) bytes += bytesPerRow * rows[table];
  return Math.round(bytes);
}
