import type { Token } from "./tokens.ts";
import { FILLERS, NEGATION_WORDS, sameWord } from "./words.ts";

/*
 * One clause of a prompt ("pro users", "purchased at least 3 times in the last
 * 30 days"): its tokens, which of them a recognizer has used, and how it joins
 * the clause before it. Recognizers mark what they use; what no recognizer
 * used and is not a filler word is reported as not understood.
 */
export class Clause {
  readonly used: boolean[];
  readonly tokens: Token[];
  /** How it joins the previous clause; null for the first. */
  readonly connector: "and" | "or" | null;
  /** The word it was split at ("with", "who", ","), if any. */
  readonly splitWord: string | null;

  constructor(tokens: Token[], connector: "and" | "or" | null, splitWord: string | null) {
    this.tokens = tokens;
    this.connector = connector;
    this.splitWord = splitWord;
    this.used = tokens.map(() => false);
  }

  /** A copy whose used words can be tried and thrown away. */
  clone(): Clause {
    const copy = new Clause(this.tokens, this.connector, this.splitWord);
    copy.used.splice(0, copy.used.length, ...this.used);
    return copy;
  }

  /** Takes over what a trial copy used. */
  adopt(copy: Clause): void {
    this.used.splice(0, this.used.length, ...copy.used);
  }

  get length(): number {
    return this.tokens.length;
  }

  norm(i: number): string {
    return this.tokens[i]?.norm ?? "";
  }

  isFree(i: number): boolean {
    return i >= 0 && i < this.tokens.length && !this.used[i];
  }

  mark(from: number, to: number): void {
    for (let i = from; i < to; i++) this.used[i] = true;
  }

  /** Index of the next free token at or after i that is not a filler, or -1. */
  nextContent(i: number): number {
    for (let j = i; j < this.tokens.length; j++) if (this.isFree(j) && !FILLERS.has(this.norm(j))) return j;
    return -1;
  }

  /**
   * The words (each compared with sameWord) at i, allowing filler words of the
   * prompt in between only where `loose`; the number of tokens they cover, or 0.
   */
  matchWords(i: number, words: readonly string[], options: { loose?: boolean; exact?: boolean } = {}): number {
    let at = i;
    for (let w = 0; w < words.length; w++) {
      if (options.loose && w > 0)
        while (this.isFree(at) && FILLERS.has(this.norm(at)) && !sameFor(this.norm(at), words[w]!, options.exact)) at++;
      if (!this.isFree(at) || !sameFor(this.norm(at), words[w]!, options.exact)) return 0;
      at++;
    }
    return at - i;
  }

  /**
   * The clause as the prompt typed it (lower case), for patterns that read
   * text, and a way back from a piece of that text to its free tokens.
   */
  textView(prompt: string): {
    text: string;
    tokenAt: (start: number, end: number) => { from: number; to: number; free: boolean } | undefined;
  } {
    const first = this.tokens[0];
    const last = this.tokens[this.tokens.length - 1];
    const base = first?.start ?? 0;
    const text = first && last ? prompt.slice(base, last.end).toLowerCase().replace(/’/g, "'") : "";
    const tokenAt = (start: number, end: number) => {
      let from = -1;
      let to = -1;
      this.tokens.forEach((token, i) => {
        if (token.start >= base + start && token.end <= base + end) {
          if (from === -1) from = i;
          to = i + 1;
        }
      });
      if (from === -1) return undefined;
      let free = true;
      for (let i = from; i < to; i++) if (!this.isFree(i)) free = false;
      return { from, to, free };
    };
    return { text, tokenAt };
  }

  /** Tokens that no recognizer used and that say something: runs of them, in order. */
  leftovers(): Token[][] {
    const runs: Token[][] = [];
    let run: Token[] = [];
    for (let i = 0; i < this.tokens.length; i++) {
      const token = this.tokens[i]!;
      const meaningful =
        !this.used[i] &&
        (token.kind === "word"
          ? (!FILLERS.has(token.norm) && !NEGATION_WORDS.has(token.norm)) || /^[A-Z]{2}$/.test(token.raw)
          : token.kind === "number" || token.kind === "quoted");
      if (meaningful) run.push(token);
      else if (this.used[i] && run.length) {
        runs.push(run);
        run = [];
      }
    }
    if (run.length) runs.push(run);
    return runs;
  }

  /** Whether anything in the clause is left that says something. */
  hasLeftovers(): boolean {
    return this.leftovers().length > 0;
  }
}

function sameFor(typed: string, known: string, exact?: boolean): boolean {
  return exact ? typed === known : sameWord(typed, known);
}
