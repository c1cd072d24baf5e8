import type { FilterGroup } from "#shared/segments/filter/schema.ts";

/*
 * What an interpreter knows of a team: the names its data uses, never a
 * contact. Both interpreters receive exactly this, and the model-backed one
 * sends exactly this (with the prompt) to the model.
 */

/** How a custom attribute's sampled values look, so "MRR over 100" compares numbers. */
export type ValueKind = "text" | "number" | "boolean" | "date";

export type VocabularyAttribute = {
  key: string;
  kind: ValueKind;
  /** Values shared by at least two sampled contacts, most common first. */
  values: string[];
};

export type VocabularyProperty = { key: string; kind: ValueKind; values: string[] };

export type VocabularyEvent = { name: string; properties: VocabularyProperty[] };

export type VocabularyCampaign = {
  id: string;
  name: string;
  /** When it was sent (ISO), or null for a campaign not sent yet. */
  sentAt: string | null;
  /** What it was sent by: "received any SMS" is any campaign sent by SMS. */
  channel?: "email" | "sms" | "whatsapp";
};

export type VocabularySegment = { id: string; name: string };

export type Vocabulary = {
  attributes: VocabularyAttribute[];
  events: VocabularyEvent[];
  /** Newest first: the first one with a sentAt is "the last campaign". */
  campaigns: VocabularyCampaign[];
  segments: VocabularySegment[];
  /** Email domains shared by at least two sampled contacts ("gmail users"). */
  emailDomains: string[];
};

export type Interpretation = {
  filter: FilterGroup;
  /** The filter in one sentence, in the product's words. */
  explanation: string;
  /** Each part of the prompt that was not turned into a condition, in plain words. */
  unsupported: string[];
  /**
   * Where the prompt can be read another way that gives a different audience:
   * each other reading, with its filter and the `readings` that reproduce it.
   */
  choices?: Choice[];
};

export type Choice = { label: string; readings: string[]; filter: FilterGroup };

export type InterpretOptions = {
  /** The moment "yesterday" and "this week" are relative to; now unless a test fixes it. */
  now?: Date;
  /** The team's IANA time zone: "yesterday" and "this week" are its days. UTC unless given. */
  timeZone?: string;
  /** Readings picked among the choices of an earlier answer ("count@12=1"). */
  readings?: string[];
};

/** Turns a marketer's description of an audience into a filter tree over the team's vocabulary. */
export interface Interpreter {
  readonly name: string;
  interpretPrompt(prompt: string, vocabulary: Vocabulary, options?: InterpretOptions): Promise<Interpretation>;
}

export const EMPTY_VOCABULARY: Vocabulary = {
  attributes: [],
  events: [],
  campaigns: [],
  segments: [],
  emailDomains: [],
};
