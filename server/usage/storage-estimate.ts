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
  // A partitioned table (events) has no storage or statistics of its own: its partitions
  // do, so sizes and row counts are summed over the table and its partitions.
  const { rows: sizes } = await sql<{ table: keyof TeamRows; bytesPerRow: number }>`
    select c.relname as "table",
           sum(pg_total_relation_size(k.oid))::float8 / greatest(sum(greatest(k.reltuples, 0)), 1)::float8
             as "bytesPerRow"
    from pg_class c
    join pg_class k on k.oid = c.oid or k.oid in (select i.inhrelid from pg_inherits i where i.inhparent = c.oid)
    where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace
      and c.relname in ('contacts', 'events', 'deliveries')
    group by c.relname
  `.execute(db);
  let bytes = 0;
  for (const { table, bytesPerRow } of sizes) bytes += bytesPerRow * rows[table];
  return Math.round(bytes);
}
