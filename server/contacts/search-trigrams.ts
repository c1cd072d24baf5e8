// The keys of the Contacts search index (contact_search.trigrams), computed in
// Node. pg_trgm's index gave each word of the text two padded trigrams more than
// it has letters ("  a", " ad", "ada", "da "): about 48 entries for a typical
// contact, of which a search reads only the unpadded ones, since a search asks
// the index for one word inside the text (indexWord), never for a word boundary.
// Only the trigrams inside words are kept here, about half as many, so indexing
// a contact costs PostgreSQL about half as much index work.

// Letters and digits, which make up the runs a search's word (indexWord) always lies inside.
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const ASCII_LETTER_OR_DIGIT = new Uint8Array(128).map((_, code) =>
  LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 1 : 0,
);
// Trigrams of three ASCII characters are kept exactly (below 2^23); any other is
// hashed to a key with this bit set, so the two kinds never share a key.
const HASHED = 0x40000000;

/**
 * The index key of the three UTF-16 units of `text` starting at `at`. Distinct
 * ASCII trigrams get distinct keys; two other trigrams may share one, which only
 * makes the index return a contact that the search's check on its text then drops.
 */
function trigramKey(text: string, at: number): number {
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  if ((a | b | c) < 0x80) return (a << 16) | (b << 8) | c;
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35)) | HASHED;
}

/**
 * The index keys of a search text (lower-cased, accents folded): every trigram
 * inside each run of three or more letters and digits (code points, as
 * /[\p{L}\p{N}]{3,}/u finds them), each once, in ascending order. Invariant: for any text and any
 * word of three or more letters and digits that occurs in it, every key of the
 * word (searchTrigrams(word)) is among the text's keys, so `trigrams @>
 * keys(word)` never misses a contact whose text contains the word.
 */
export function searchTrigrams(text: string): number[] {
  const keys: number[] = [];
  appendSearchTrigrams(text, keys);
  return keys;
}

/**
 * searchTrigrams(text) pushed onto `keys`, without an array of its own: the
 * indexer gathers a batch's keys into one. Reads the text character by character
 * rather than with a regular expression, which cost the indexer 0.3 s of CPU per
 * 200,000 contacts; only a character past ASCII is tested against the
 * expression, once. The text's keys are pushed in ascending order: PostgreSQL's
 * GIN sorts each row's keys before it indexes them, comparing two keys through
 * a function call each time, and finds keys already in order in one pass (about
 * 0.2 s of PostgreSQL CPU per 200,000 contacts). A repeated key is dropped
 * after the sort, as a run of equal keys, rather than looked up in a set of the
 * keys seen as each is found: half the indexer's time in this function.
 */
export function appendSearchTrigrams(text: string, keys: number[]): void {
  const first = keys.length;
  let start = 0;
  let letters = 0;
  for (let at = 0; at <= text.length;) {
    const code = at < text.length ? text.charCodeAt(at) : 0x20;
    let width = 1;
    let inWord: boolean;
    if (code < 0x80) inWord = ASCII_LETTER_OR_DIGIT[code] === 1;
    else {
      const point = text.codePointAt(at)!;
      width = point > 0xffff ? 2 : 1;
      inWord = isLetterOrDigit(point);
    }
    if (inWord) {
      if (letters === 0) start = at;
      letters += 1;
    } else {
      if (letters >= 3) {
        for (let from = start; from + 3 <= at; from++) keys.push(trigramKey(text, from));
      }
      letters = 0;
    }
    at += width;
  }
  sortFrom(keys, first);
  dropRepeats(keys, first);
}

/** Sorts keys[from..] ascending in place: a text has a few dozen keys, for which an insertion sort is quickest. */
function sortFrom(keys: number[], from: number): void {
  for (let i = from + 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= from && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j -= 1;
    }
    keys[j + 1] = key;
  }
}

/** Keeps one of each run of equal keys in keys[from..], which is sorted: cheaper than a set of the keys seen. */
function dropRepeats(keys: number[], from: number): void {
  let kept = from;
  for (let i = from; i < keys.length; i++) {
    if (i === from || keys[i] !== keys[kept - 1]) keys[kept++] = keys[i]!;
  }
  keys.length = kept;
}

const pastAscii = new Map<number, boolean>();

function isLetterOrDigit(point: number): boolean {
  let known = pastAscii.get(point);
  if (known === undefined) {
    known = LETTER_OR_DIGIT.test(String.fromCodePoint(point));
    // Bounded: a text of every Unicode character cannot make it grow past its 1.1 million code points anyway.
    if (pastAscii.size < 65_536) pastAscii.set(point, known);
  }
  return known;
}
