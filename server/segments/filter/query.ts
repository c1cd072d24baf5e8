import { type QueryCreator, sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { DB } from "#db/types.ts";
import { type CompiledFilter, compileFilter } from "./compile.ts";
import { engagementSources } from "./engagement-sources.ts";
import { resolveReferences } from "./references.ts";
import type { FilterGroup } from "#shared/segments/filter/schema.ts";
import { FILTER_READ_TIMEOUT_MS, withoutJit } from "./without-jit.ts";

/** Contacts shown as a filter's sample. */
export const SAMPLE_SIZE = 10;

export type SampleContact = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
};

type FilterOptions = { teamId: string; filter: FilterGroup; selfId?: string; stored?: boolean; now?: Date };

/**
 * The team's contacts a (parsed) filter selects, as a query over `contacts as c`
 * to count, sample or use as a subquery. The team is bound here and in every
 * subquery the compiler writes; segments and campaigns the filter names are
 * checked to be the team's (a 400 naming the node otherwise). `selfId` is the
 * segment being saved, so a filter cannot include its own segment. `now` is the
 * moment relative windows end at (the statement's time unless given).
 */
export async function filterContacts(db: Database, options: FilterOptions) {
  return matching(db, options.teamId, await filterCondition(db, options));
}

/** How many of the team's contacts a filter selects. */
export async function countFilter(db: Database, options: FilterOptions): Promise<number> {
  const compiled = await filterCondition(db, options);
  return countMatching(db, options.teamId, compiled);
}

/** The newest SAMPLE_SIZE of the team's contacts a filter selects. */
export async function sampleFilter(db: Database, options: FilterOptions): Promise<SampleContact[]> {
  const compiled = await filterCondition(db, options);
  return sampleMatching(db, options.teamId, compiled);
}

/** How many of the team's contacts a filter selects, and the newest SAMPLE_SIZE of them. */
export async function previewFilter(
  db: Database,
  options: { teamId: string; filter: FilterGroup; selfId?: string },
): Promise<{ count: number; sample: SampleContact[] }> {
  const compiled = await filterCondition(db, options);
  const [count, sample] = await Promise.all([
    countMatching(db, options.teamId, compiled),
    sampleMatching(db, options.teamId, compiled),
  ]);
  return { count, sample };
}

async function filterCondition(db: Database, options: FilterOptions): Promise<CompiledFilter> {
  const segments = await resolveReferences(db, options);
  return compileFilter(options.filter, {
    teamId: options.teamId,
    segments,
    engagement: engagementSources,
    now: options.now,
  });
}

function matching(db: Database, teamId: string, filter: CompiledFilter) {
  // Each shared segment's members are selected once per statement, before the contacts are
  // tested against them. Only the compiler's raw SQL reads these CTEs, so the builder's
  // types need not know them (and cannot carry a list of them of any length). Kysely
  // writes a raw CTE body as it is, so the parentheses are ours.
  const creator = filter.shared.reduce<QueryCreator<DB>>(
    (query, segment) =>
      query.with(
        (cte) => cte(segment.name).materialized(),
        () => sql<{ contact_id: string }>`(${segment.members})`,
      ) as QueryCreator<DB>,
    db,
  );
  return creator.selectFrom("contacts as c").where("c.teamId", "=", teamId).where(filter.where);
}

// Count and sample each run in a transaction of their own (without JIT), so the
// preview still runs both at once on two connections; past FILTER_READ_TIMEOUT_MS
// either is cancelled and answered as UNAVAILABLE (a 503 saying so), never left
// holding its connection.
function countMatching(db: Database, teamId: string, filter: CompiledFilter): Promise<number> {
  return withoutJit(
    db,
    async (trx) => {
      const row = await matching(trx, teamId, filter)
        .select(sql<number>`count(*)::int`.as("count"))
        .executeTakeFirstOrThrow();
      return row.count;
    },
    { timeoutMs: FILTER_READ_TIMEOUT_MS },
  );
}

function sampleMatching(db: Database, teamId: string, filter: CompiledFilter): Promise<SampleContact[]> {
  return withoutJit(
    db,
    (trx) =>
      matching(trx, teamId, filter)
        .select(["c.id", "c.name", "c.email", "c.phone", "c.createdAt"])
        .orderBy("c.createdAt", "desc")
        .orderBy("c.id", "desc")
        .limit(SAMPLE_SIZE)
        .execute(),
    { timeoutMs: FILTER_READ_TIMEOUT_MS },
  );
}
