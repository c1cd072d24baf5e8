// What the sending benchmark and the crash test start from: a migrated embedded
// PostgreSQL of their own, a team, and contacts written in bulk by SQL.
import { rm } from "node:fs/promises";
import { sql } from "kysely";
import { createDatabase, type Database } from "#db/database.ts";
import { startEmbeddedPostgres } from "#db/embedded.ts";
import { newId } from "#db/ids.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import type { TeamAccess } from "#server/teams/permissions.ts";

export type BenchDatabase = { url: string; db: Database; stop: () => Promise<void> };

/**
 * A throwaway cluster under `.data/<name>`, durable enough to survive a killed client (fsync stays on unless asked).
 */
export async function startBenchDatabase(
  name: string,
  options: { fast?: boolean; settings?: Record<string, string> } = {},
): Promise<BenchDatabase> {
  const dir = `.data/${name}/postgres`;
  await rm(dir, { recursive: true, force: true });
  const settings: Record<string, string> = { max_connections: "200", max_wal_size: "4GB" };
  if (options.fast) Object.assign(settings, { fsync: "off", synchronous_commit: "off", full_page_writes: "off" });
  Object.assign(settings, options.settings);
  const server = await startEmbeddedPostgres({ dir, settings });
  await ensureDatabase(server.url, "murmur");
  const url = withDatabase(server.url, "murmur");
  const db = createDatabase(url, { max: 10 });
  await migrateToLatest(db);
  return {
    url,
    db,
    stop: async () => {
      await db.destroy();
      await server.stop();
      await rm(`.data/${name}`, { recursive: true, force: true });
    },
  };
}

/** A team with no members: the ledger and campaigns only need its id. */
export async function createBenchTeam(db: Database, name = "Bench"): Promise<string> {
  const id = newId();
  await db.insertInto("teams").values({ id, name }).execute();
  return id;
}

/**
 * The Owner's access to a bench team. A bench team has no people (nobody signs in to
 * it), so the actor is a placeholder id that no report reads.
 */
export function benchAccess(teamId: string): TeamAccess {
  return { teamId, role: "owner", actor: { kind: "person", userId: "00000000-0000-0000-0000-000000000000" } };
}

/**
 * `count` contacts numbered from `from`, with `person.<n>@example.test` addresses
 * and E.164 phones, in statements of 100,000 rows. Ids are time-ordered like the
 * app's own.
 */
export async function seedContacts(
  db: Database,
  options: { teamId: string; count: number; from?: number; domain?: string },
): Promise<void> {
  const from = options.from ?? 0;
  const domain = options.domain ?? "example.test";
  for (let start = from; start < from + options.count; start += 100_000) {
    const end = Math.min(start + 100_000, from + options.count) - 1;
    await sql`
      insert into contacts (id, team_id, email, name, phone, created_at)
      select murmur_uuid_v7(), ${options.teamId}, 'person.' || g || '@' || ${domain},
        'Person ' || g, '+1415' || lpad((g % 10000000)::text, 7, '0'), now()
      from generate_series(${start}::int, ${end}::int) g`.execute(db);
  }
  await sql`analyze contacts`.execute(db);
}

/** A static segment holding the team's contacts whose number n satisfies `from <= n < to`. */
export async function seedSegment(
  db: Database,
  options: { teamId: string; name: string; from: number; to: number },
): Promise<string> {
  const id = newId();
  await db.insertInto("segments").values({ id, teamId: options.teamId, name: options.name, kind: "static" }).execute();
  await sql`
    insert into segment_members (segment_id, contact_id)
    select ${id}, id from contacts
    where team_id = ${options.teamId}
      and split_part(split_part(email, '@', 1), '.', 2)::int >= ${options.from}
      and split_part(split_part(email, '@', 1), '.', 2)::int < ${options.to}`.execute(db);
  await sql`analyze segment_members`.execute(db);
  return id;
}
