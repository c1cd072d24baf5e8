import { type RawBuilder, sql } from "kysely";

// One table of accented letters and their plain forms, used by both sides of a
// search: the text searched (in SQL, with translate(), which is immutable and
// needs no extension) and the words typed (here). Both must fold alike or a
// search would miss what it should find.
const ACCENTED = "àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőřśšşťùúûüūůűųýÿźżž";
const PLAIN = "aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorssstuuuuuuuuyyzzz";

const FOLDS = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]));
// Every accented letter is one UTF-16 unit, so a character class matches exactly the letters translate() maps.
const ACCENTED_LETTER = new RegExp(`[${ACCENTED}]`, "g");
// Text with no letter past ASCII has nothing to fold.
const PAST_ASCII = /[\u0080-\uffff]/;

/** Lower-cased text with the accents of common Latin letters taken off: "Zoë" becomes "zoe". */
export function foldAccents(text: string): string {
  return foldLoweredAccents(text.toLowerCase());
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
