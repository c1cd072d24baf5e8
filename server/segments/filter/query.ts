import { sql } from "kysely";
import type { Database } from "../../../db/database.ts";
import { compileFilter } from "./compile.ts";
import { engagementSources } from "./engagement-sources.ts";
import { resolveReferences } from "./references.ts";
import type { FilterGroup } from "./schema.ts";

/** Contacts shown as a filter's sample. */
export const SAMPLE_SIZE = 10;

export type SampleContact = { id: string; name: string | null; email: string | null; phone: string | null; createdAt: Date };

/**
 * The team's contacts a (parsed) filter selects, as a query over `contacts as c`
 * to count, sample or use as a subquery. The team is bound here and in every
 * subquery the compiler writes; segments and campaigns the filter names are
 * checked to be the team's (a 400 naming the node otherwise). `selfId` is the
 * segment being saved, so a filter cannot include its own segment.
 */
export async function filterContacts(db: Database, options: { teamId: string; filter: FilterGroup; selfId?: string; stored?: boolean }) {
  const segments = await resolveReferences(db, options);
  const condition = compileFilter(options.filter, { teamId: options.teamId, segments, engagement: engagementSources });
  return db.selectFrom("contacts as c").where("c.teamId", "=", options.teamId).where(condition);
}

/** How many of the team's contacts a filter selects, and the newest SAMPLE_SIZE of them. */
export async function previewFilter(
  db: Database,
  options: { teamId: string; filter: FilterGroup; selfId?: string },
): Promise<{ count: number; sample: SampleContact[] }> {
  const matching = await filterContacts(db, options);
  const [counted, sample] = await Promise.all([
    matching.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    matching
      .select(["c.id", "c.name", "c.email", "c.phone", "c.createdAt"])
      .orderBy("c.createdAt", "desc")
      .orderBy("c.id", "desc")
      .limit(SAMPLE_SIZE)
      .execute(),
  ]);
  return { count: counted.count, sample };
}
