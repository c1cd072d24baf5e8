import { type RawBuilder, sql } from "kysely";

// One table of accented letters and their plain forms, used by both sides of a
// search: the text searched (in SQL, with translate(), which is immutable and
// needs no extension) and the words typed (here). Both must fold alike or a
// search would miss what it should find.
const ACCENTED = "àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőřśšşťùúûüūůűųýÿźżž";
const PLAIN = "aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorssstuuuuuuuuyyzzz";

const FOLDS = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]));

/** Lower-cased text with the accents of common Latin letters taken off: "Zoë" becomes "zoe". */
export function foldAccents(text: string): string {
  return [...text.toLowerCase()].map((letter) => FOLDS.get(letter) ?? letter).join("");
}

/** The same folding as foldAccents, in SQL, over an expression that is already lower-cased. */
export function foldAccentsSql(lowered: RawBuilder<string>): RawBuilder<string> {
  return sql<string>`translate(${lowered}, ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})`;
}
