// The keys of the Contacts search index (contact_search.trigrams), computed in
// Node. pg_trgm's index gave each word of the text two padded trigrams more than
// it has letters ("  a", " ad", "ada", "da "): about 48 entries for a typical
// contact, of which a search reads only the unpadded ones, since a search asks
// the index for one word inside the text (indexWord), never for a word boundary.
// Only the trigrams inside words are kept here, about half as many, so indexing
// a contact costs PostgreSQL about half as much index work.

/** Runs of letters and digits: a search's word (indexWord) always lies inside one of them. */
const WORD = /[\p{L}\p{N}]{3,}/gu;
// Trigrams of three ASCII characters are kept exactly (below 2^23); any other is
// hashed to a key with this bit set, so the two kinds never share a key.
const HASHED = 0x40000000;

/**
 * The index key of the three UTF-16 units of `word` starting at `at`. Distinct
 * ASCII trigrams get distinct keys; two other trigrams may share one, which only
 * makes the index return a contact that the search's check on its text then drops.
 */
function trigramKey(word: string, at: number): number {
  const a = word.charCodeAt(at);
  const b = word.charCodeAt(at + 1);
  const c = word.charCodeAt(at + 2);
  if ((a | b | c) < 0x80) return (a << 16) | (b << 8) | c;
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35)) | HASHED;
}

/**
 * The index keys of a search text (lower-cased, accents folded): every trigram
 * inside each run of three or more letters and digits, each once. Invariant:
 * for any text and any word of three or more letters and digits that occurs in
 * it, every key of the word (searchTrigrams(word)) is among the text's keys, so
 * `trigrams @> keys(word)` never misses a contact whose text contains the word.
 */
export function searchTrigrams(text: string): number[] {
  const keys = new Set<number>();
  for (const [word] of text.matchAll(WORD)) {
    for (let at = 0; at + 3 <= word.length; at++) keys.add(trigramKey(word, at));
  }
  return [...keys];
}
