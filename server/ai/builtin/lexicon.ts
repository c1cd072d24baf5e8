import type { ValueKind, Vocabulary, VocabularyCampaign, VocabularySegment } from "#server/ai/types.ts";
import { concept, FILLERS, GENERIC_STEMS, PHRASES, wordsOf } from "./words.ts";

/*
 * The team's vocabulary prepared for matching: every name and value as words,
 * with the other ways people say them (aliases), and events as weighted
 * concepts so "purchased" meets "Order Completed".
 */

export type ValueForm = {
  value: string;
  forms: string[][];
  /** Two-letter aliases ("US", "DE") count only when typed in capitals: "us" is a pronoun. */
  capitals: string[];
};

export type KeyEntry = {
  key: string;
  kind: ValueKind;
  forms: string[][];
  values: ValueForm[];
};

export type EventEntry = {
  name: string;
  forms: string[][];
  /** Concepts of the name's words with their weight: what happened counts more than "completed". */
  concepts: Map<string, number>;
  /** Concepts of the name's verbs ("Uninstalled", "Signed Up"): one no other event has is enough on its own. */
  verbs: Set<string>;
  weight: number;
  properties: KeyEntry[];
};

export type NamedEntry<T> = T & { forms: string[][] };

export type Lexicon = {
  attributes: KeyEntry[];
  events: EventEntry[];
  campaigns: NamedEntry<VocabularyCampaign>[];
  segments: NamedEntry<VocabularySegment>[];
  emailDomains: ValueForm[];
};

// Other names people use for common attribute keys; used only for keys the team has.
const KEY_ALIASES: Record<string, string[]> = {
  mrr: ["monthly recurring revenue", "monthly revenue", "recurring revenue", "revenue"],
  arr: ["annual recurring revenue", "annual revenue"],
  plan: ["tier", "pricing plan", "subscription plan", "subscription"],
  tier: ["plan"],
  country: ["location", "nation"],
  city: ["town"],
  company: ["organization", "organisation", "employer"],
  company_size: ["employees", "headcount", "team size"],
  seats: ["seat count", "licenses", "licences"],
  language: ["locale", "lang"],
  role: ["job title", "title", "position", "job"],
  age: ["years old", "aged", "older", "younger"],
  ltv: ["lifetime value"],
};

// Other names for common values, grouped: a value the team has is also found by the others in its group.
const VALUE_ALIASES: string[][] = [
  ["uk", "united kingdom", "great britain", "britain", "gb", "england", "british"],
  ["united states", "usa", "us", "america", "united states of america", "american"],
  ["germany", "deutschland", "de", "german"],
  ["france", "fr", "french"],
  ["spain", "es", "espana", "spanish"],
  ["italy", "it", "italian"],
  ["netherlands", "holland", "nl", "dutch"],
  ["canada", "ca", "canadian"],
  ["australia", "au", "australian"],
  ["ireland", "ie", "irish"],
  ["india", "in", "indian"],
  ["japan", "jp", "japanese"],
  ["brazil", "br", "brazilian"],
];

/** The matching forms of a name, with any aliases. */
function formsOf(text: string, aliases: string[] = []): string[][] {
  const forms = [wordsOf(text), ...aliases.map(wordsOf)];
  const joined = wordsOf(text).join("");
  // "companysize" typed as one word, "e-mail" as "email".
  if (wordsOf(text).length > 1) forms.push([joined]);
  return dedupe(forms.filter((f) => f.length > 0));
}

function valueForms(value: string): ValueForm {
  const words = wordsOf(value).join(" ");
  const aliases = VALUE_ALIASES.find((g) => g.includes(words))?.filter((alias) => alias !== words) ?? [];
  // "4.2.0" and "/pricing" as typed, one token, besides their words.
  const typed = /^[^\s]+$/.test(value) && wordsOf(value).length > 1 ? [[value.toLowerCase()]] : [];
  return {
    value,
    forms: dedupe([
      ...formsOf(
        value,
        aliases.filter((alias) => alias.length > 2),
      ),
      ...typed,
    ]),
    capitals: aliases.filter((alias) => alias.length <= 2).map((alias) => alias.toUpperCase()),
  };
}

function keyEntry(key: string, kind: ValueKind, values: string[]): KeyEntry {
  const normal = wordsOf(key).join("_");
  return { key, kind, forms: formsOf(key, KEY_ALIASES[normal] ?? []), values: values.map(valueForms) };
}

export function buildLexicon(vocabulary: Vocabulary): Lexicon {
  const attributes = vocabulary.attributes.map((a) => keyEntry(a.key, a.kind, a.values));
  // An alias is dropped where the team has a key by that name ("plan" and "tier" both real).
  const keyWords = new Set(attributes.map((a) => a.forms[0]!.join(" ")));
  for (const attribute of attributes)
    attribute.forms = [attribute.forms[0]!, ...attribute.forms.slice(1).filter((f) => !keyWords.has(f.join(" ")))];
  addHeadNouns(attributes);
  return {
    attributes,
    events: vocabulary.events.map((event) => {
      const concepts = new Map<string, number>();
      for (const c of nameConcepts(wordsOf(event.name)))
        concepts.set(c, Math.max(concepts.get(c) ?? 0, GENERIC_STEMS.has(c) ? 0.3 : 1));
      const weight = [...concepts.values()].reduce((a, b) => a + b, 0);
      const verbs = new Set(
        nameConcepts(wordsOf(event.name).filter((w) => /(ed|en)$/.test(w) && w.length > 4)).concat(
          [...concepts.keys()].filter((c) => c.startsWith("#")),
        ),
      );
      const properties = event.properties.map((p) => keyEntry(p.key, p.kind, p.values));
      addHeadNouns(properties);
      return { name: event.name, forms: formsOf(event.name), concepts, verbs, weight, properties };
    }),
    campaigns: vocabulary.campaigns.map((c) => ({ ...c, forms: formsOf(c.name) })),
    segments: vocabulary.segments.map((s) => ({ ...s, forms: formsOf(s.name) })),
    emailDomains: vocabulary.emailDomains.map((domain) => ({
      value: domain,
      forms: dedupe([wordsOf(domain), [wordsOf(domain)[0]!]]),
      capitals: [],
    })),
  };
}

/**
 * "tier" for "loyalty_tier", "version" for "app_version": the last word of a
 * key of several words names it too, when no other key ends with that word
 * or is called it.
 */
function addHeadNouns(keys: KeyEntry[]): void {
  const heads = new Map<string, number>();
  const lastOf = (key: KeyEntry) => (key.forms[0]!.length > 1 ? key.forms[0]![key.forms[0]!.length - 1]! : undefined);
  for (const key of keys)
    for (const word of [lastOf(key), key.forms[0]!.length === 1 ? key.forms[0]![0] : undefined])
      if (word) heads.set(word, (heads.get(word) ?? 0) + 1);
  for (const key of keys) {
    const head = lastOf(key);
    if (head && head.length > 3 && heads.get(head) === 1 && !FILLERS.has(head)) key.forms.push([head]);
  }
}

// "Signed Up" is one concept, as the prompt's "signed up" is.
function nameConcepts(words: string[]): string[] {
  const concepts: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = PHRASES.find(([form]) => form.every((w, k) => words[i + k] === w));
    if (phrase) {
      concepts.push(phrase[1]);
      i += phrase[0].length - 1;
    } else concepts.push(concept(words[i]!));
  }
  return concepts;
}

function dedupe(forms: string[][]): string[][] {
  const seen = new Set<string>();
  return forms.filter((f) => {
    const key = f.join(" ");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
