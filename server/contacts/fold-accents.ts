import { type RawBuilder, sql } from "kysely";

// One table of accented letters and their plain forms, used by both sides of a
// search: the text searched (in SQL, with translate(), which is immutable and
// needs no extension) and the words typed (here). Both must fold alike or a
// search would miss what it should find.
// Greek's word-final sigma is folded to the other one: a typed "οδυσσεας" and a stored
// "ΟΔΥΣΣΕΑΣ" (lower-cased letter by letter, so with σ at the end) are the same word.
const ACCENTED = "àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőřśšşťùúûüūůűųýÿźżžς";
const PLAIN = "aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorssstuuuuuuuuyyzzzσ";

const FOLDS = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]));
// Every folded letter is one UTF-16 unit, so a character class matches exactly the letters translate() maps.
const ACCENTED_LETTER = new RegExp(`[${ACCENTED}]`, "g");
// Text with no letter past ASCII has nothing to fold.
const PAST_ASCII = /[\u0080-\uffff]/;

/** Lower-cased text with the accents of common Latin letters taken off: "Zoë" becomes "zoe". */
export function foldAccents(text: string): string {
  return foldLoweredAccents(lowerCase(text));
}

/**
 * Every letter lower-cased one by one, as murmur_lower() does in SQL (Unicode's
 * simple case mapping): toLowerCase() on the whole text applies the full mapping,
 * which turns "İ" into two characters and a word-final "Σ" into "ς", and the
 * typed word would then miss the stored text.
 */
function lowerCase(text: string): string {
  if (!PAST_ASCII.test(text)) return text.toLowerCase();
  let lowered = "";
  for (const letter of text) {
    const mapped = letter.toLowerCase();
    lowered += mapped.length > letter.length ? String.fromCodePoint(mapped.codePointAt(0)!) : mapped;
  }
  return lowered;
}

/**
 * The accents of common Latin letters taken off text that is already lower-cased,
 * letter for letter as foldAccentsSql does it: the search indexer folds the text
 * PostgreSQL lower-cased here rather than there, since translate() over a
 * 57-letter list cost the indexer about as much as the trigram index itself.
 */
export function foldLoweredAccents(lowered: string): string {
  return PAST_ASCII.test(lowered) ? lowered.replace(ACCENTED_LETTER, (letter) => FOLDS.get(letter)!) : lowered;
}

/** The same folding as foldAccents, in SQL, over an expression that is already lower-cased. */
export function foldAccentsSql(lowered: RawBuilder<string>): RawBuilder<string> {
  return sql<string>`translate(${lowered}, ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})`;
}
