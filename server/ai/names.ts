import type { FilterNames } from "#server/segments/filter/describe.ts";
import type { Vocabulary } from "./types.ts";

/** The campaign and segment names a described filter needs, from the vocabulary that named them. */
export function describeFilterNames(vocabulary: Pick<Vocabulary, "campaigns" | "segments">): FilterNames {
  return {
    campaigns: new Map(vocabulary.campaigns.map((c) => [c.id, c.name])),
    segments: new Map(vocabulary.segments.map((s) => [s.id, s.name])),
  };
}
