import type { Vocabulary } from "#server/ai/types.ts";
import type { Seed } from "../../tests/ai/corpus-seed.ts";

/** A corpus module: given a seeded team, its prompts with their expected members. */
export type CorpusSet = (seed: Seed) => { prompt: string }[];

/**
 * The prompts of corpus sets, for a vocabulary that stands in for a seeded team. The
 * sets take a seed only to compute their expected members, which no caller of this
 * reads, so the seed holds just the vocabulary's campaigns and segments.
 */
export function corpusPrompts(vocabulary: Vocabulary, sets: CorpusSet[]): string[] {
  const seed: Seed = {
    teamId: "",
    userId: "",
    now: new Date(),
    contacts: [],
    campaigns: vocabulary.campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      sentAt: c.sentAt ? new Date(c.sentAt) : null,
      channel: c.channel ?? "email",
    })),
    segments: vocabulary.segments,
  };
  return sets.flatMap((set) => set(seed).map((c) => c.prompt));
}
