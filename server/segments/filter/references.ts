import type { Database } from "#db/database.ts";
import { AppError, type FieldErrors } from "#server/errors.ts";
import type { ReferencedSegment } from "./compile.ts";
import { countExpandedConditions, FILTER_MAX_EXPANDED_CONDITIONS } from "./expanded-size.ts";
import { createChainJudge, MAX_SEGMENT_NESTING, namedSegmentIds } from "./reference-chains.ts";
import { FilterSchema, type FilterGroup, type FilterNode } from "#shared/segments/filter/schema.ts";

const TOO_LARGE = `A filter can hold at most ${FILTER_MAX_EXPANDED_CONDITIONS.toLocaleString("en-US")} conditions, counting the conditions of every segment it includes each time it is included`;

type Reference = { path: string; segmentId?: string; campaignId?: string };

/**
 * Loads every segment a tree names, directly or through the filters of other
 * filter segments. Only this team's segments and campaigns are found: an id of
 * another team's, or of none, is a 400 on the node that names it
 * (`filter.conditions[1].segmentId`), as is a loop back to `selfId` (the
 * segment being saved) or between segments, and a chain deeper than
 * MAX_SEGMENT_NESTING, and a tree of more than FILTER_MAX_EXPANDED_CONDITIONS
 * conditions with the segments it names expanded (a 400 on `filter`). With
 * `stored`, the tree is a saved segment's and is read without refusing: a
 * segment deleted since it was saved is simply absent, and the compiler treats
 * it as empty. Only its size is still refused, as TOO_LARGE: a tree stored
 * before the limit, or grown past it by edits of the segments it names, is
 * never compiled.
 */
export async function resolveReferences(
  db: Database,
  options: { teamId: string; filter: FilterGroup; selfId?: string; path?: string; stored?: boolean },
): Promise<Map<string, ReferencedSegment>> {
  const rootRefs = collect(options.filter, options.path ?? "filter");
  const segments = await loadReachable(db, options.teamId, rootRefs);
  const campaignIds = rootRefs.flatMap((ref) => (ref.campaignId ? [ref.campaignId] : []));
  const campaigns = await loadCampaignIds(db, options.teamId, campaignIds);

  const errors: FieldErrors = {};
  const refuse = (path: string, message: string) => (errors[path] ??= []).push(message);
  const chainProblem = createChainJudge(segments, options.selfId);
  for (const ref of rootRefs) {
    if (ref.campaignId && !campaigns.has(ref.campaignId))
      refuse(`${ref.path}.campaignId`, "No campaign of this team has this id");
    if (!ref.segmentId) continue;
    if (!segments.has(ref.segmentId)) refuse(`${ref.path}.segmentId`, "No segment of this team has this id");
    else {
      const problem = chainProblem(ref.segmentId);
      if (problem) refuse(`${ref.path}.segmentId`, problem);
    }
  }
  if (countExpandedConditions(options.filter, segments) > FILTER_MAX_EXPANDED_CONDITIONS) {
    if (options.stored)
      throw new AppError("TOO_LARGE", `This segment's filter is too large to evaluate. ${TOO_LARGE}.`);
    refuse(options.path ?? "filter", TOO_LARGE);
  }
  // A stored tree is read as it is: what it names that is gone since selects nobody.
  if (Object.keys(errors).length > 0 && !options.stored) {
    const summary = Object.entries(errors)
      .map(([field, messages]) => `${field}: ${messages[0]}`)
      .join("; ");
    throw new AppError("INVALID", `Invalid filter. ${summary}`, { fields: errors });
  }
  return segments;
}

/** Every segment reachable from the references, breadth first, a query per level. */
async function loadReachable(db: Database, teamId: string, refs: Reference[]): Promise<Map<string, ReferencedSegment>> {
  const segments = new Map<string, ReferencedSegment>();
  let wanted = idsOf(refs);
  for (let level = 0; wanted.length > 0 && level <= MAX_SEGMENT_NESTING + 1; level++) {
    const loaded = await loadSegments(db, teamId, wanted);
    const next = new Set<string>();
    for (const [id, segment] of loaded) {
      segments.set(id, segment);
      if (segment.kind === "filter" && segment.filter)
        for (const named of namedSegmentIds(segment.filter)) next.add(named);
    }
    wanted = [...next].filter((id) => !segments.has(id));
  }
  return segments;
}

function collect(node: FilterNode, path: string): Reference[] {
  if (node.type === "group") return node.conditions.flatMap((child, i) => collect(child, `${path}.conditions[${i}]`));
  if (node.type === "segment") return [{ path, segmentId: node.segmentId }];
  if (node.type === "engagement" && node.campaignId) return [{ path, campaignId: node.campaignId }];
  return [];
}

function idsOf(refs: Reference[]): string[] {
  return [...new Set(refs.flatMap((ref) => (ref.segmentId ? [ref.segmentId] : [])))];
}

async function loadSegments(db: Database, teamId: string, ids: string[]): Promise<Map<string, ReferencedSegment>> {
  const rows = await db
    .selectFrom("segments")
    .select(["id", "kind", "filter"])
    .where("teamId", "=", teamId)
    .where("id", "in", ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      row.kind === "filter" ? { kind: "filter", filter: storedFilter(row.filter) } : { kind: "static" },
    ]),
  );
}

/** A stored tree was valid when saved; one that no longer parses is null, and its segment selects nobody. */
export function storedFilter(value: unknown): FilterGroup | null {
  const parsed = FilterSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

async function loadCampaignIds(db: Database, teamId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("campaigns")
    .select("id")
    .where("teamId", "=", teamId)
    .where("id", "in", ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}
