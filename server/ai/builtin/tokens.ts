/*
 * A prompt as tokens that remember where they came from, so whatever is not
 * understood can be quoted back to the marketer exactly as they typed it.
 */

export type TokenKind = "word" | "number" | "quoted" | "symbol" | "separator";

export type Token = {
  /** Lower case, contractions expanded ("didn't" gives "did" and "not"). */
  norm: string;
  /** As typed (for a quoted phrase: its inside). */
  raw: string;
  start: number;
  end: number;
  kind: TokenKind;
  /** For numbers: the value ("1,000" is 1000, "2k" is 2000). */
  value?: number;
};

const PATTERN =
  /"([^"]+)"|“([^”]+)”|(?<=^|\s)'([^']+)'(?=$|[\s,.;!?])|(\d+(?:[.,]\d+)*)\s?(k|m)?(?![\p{L}\d])|([\p{L}\p{N}]+)|(>=|<=|!=|==|=|>|<|\+|&|\/|@|,|;|\.(?!\s|$)|\.|\?|!|'|’)/gu;

// "didn't", split at the apostrophe, is "didn" + "t": the first part loses its n.
const NEGATED: Record<string, string> = {
  didn: "did",
  don: "do",
  doesn: "does",
  isn: "is",
  aren: "are",
  wasn: "was",
  weren: "were",
  hasn: "has",
  haven: "have",
  hadn: "had",
  can: "can",
  couldn: "could",
  won: "will",
  wouldn: "would",
  shouldn: "should",
};
const CLITICS = new Set(["s", "ve", "re", "ll", "d", "m"]);
// Words that end in "nt" like a contraction but are not one.
const NOT_CONTRACTIONS: Record<string, true> = {
  cant: true,
  want: true,
  went: true,
  sent: true,
  spent: true,
  meant: true,
  wont: true,
};

// Ways of saying "except" in two words; joined into one token that the negation step reads.
const EXCLUSIONS = [
  ["other", "than"],
  ["apart", "from"],
  ["aside", "from"],
  ["outside", "of"],
  ["leaving", "out"],
  ["leave", "out"],
];
const EVERYONE = new Set(["everyone", "everybody", "anyone", "anybody", "all"]);
const PEOPLE = new Set(["users", "contacts", "customers", "people", "members", "subscribers", "shoppers"]);

export function tokenize(prompt: string): Token[] {
  const tokens: Token[] = [];
  for (const match of prompt.matchAll(PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    const quoted = match[1] ?? match[2] ?? match[3];
    if (quoted !== undefined) {
      tokens.push({ norm: quoted.trim().toLowerCase(), raw: quoted.trim(), start, end, kind: "quoted" });
    } else if (match[4] !== undefined) {
      const value = parseNumber(match[4], match[5]);
      // "4.2.0" is a version, said as a word, not a number.
      if (Number.isNaN(value)) tokens.push({ norm: match[0].toLowerCase(), raw: match[0], start, end, kind: "word" });
      else tokens.push({ norm: match[0].toLowerCase(), raw: match[0], start, end, kind: "number", value });
    } else if (match[6] !== undefined) {
      tokens.push({ norm: match[6].toLowerCase(), raw: match[6], start, end, kind: "word" });
    } else {
      const symbol = match[7]!;
      // A full stop inside "gmail.com" joins; one before a space or the end separates.
      const joining = symbol === "." && /\S/.test(prompt[end] ?? "");
      const kind = [",", ";", ".", "?", "!"].includes(symbol) && !joining ? "separator" : "symbol";
      tokens.push({ norm: symbol === "’" ? "'" : symbol, raw: symbol, start, end, kind });
    }
  }
  return joinExclusions(joinEmail(expandContractions(tokens))).filter(
    (t) => !(t.kind === "separator" && isTrailing(t, prompt)),
  );
}

function parseNumber(digits: string, suffix: string | undefined): number {
  // "1,000" and "1,000.5": a comma followed by three digits groups thousands; "2,5" is read as 2.5.
  const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits);
  const value = Number(grouped ? digits.replaceAll(",", "") : digits.replace(",", "."));
  const scale = suffix?.toLowerCase() === "k" ? 1_000 : suffix?.toLowerCase() === "m" ? 1_000_000 : 1;
  return value * scale;
}

function expandContractions(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const apostrophe = tokens[i + 1];
    const after = tokens[i + 2];
    const joined =
      apostrophe?.norm === "'" && apostrophe.start === token.end && after && after.start === apostrophe.end;
    const unmarked = token.kind === "word" ? /^([a-z]+)nt$/.exec(token.norm) : null;
    if (token.kind === "word" && joined && after.norm === "t" && NEGATED[token.norm]) {
      out.push({ ...token, norm: NEGATED[token.norm]!, end: apostrophe.start });
      out.push({ ...after, norm: "not", start: apostrophe.start });
      i += 2;
    } else if (unmarked && NEGATED[`${unmarked[1]}n`] && !(token.norm in NOT_CONTRACTIONS)) {
      // "havent", "didnt", "hasnt": the apostrophe left out, the meaning kept.
      const cut = token.start + unmarked[1]!.length;
      out.push({ ...token, norm: NEGATED[`${unmarked[1]}n`]!, end: cut });
      out.push({ ...token, norm: "not", start: cut });
    } else if (token.kind === "word" && joined && CLITICS.has(after.norm)) {
      out.push(token);
      i += 2;
    } else if (token.norm !== "'") {
      out.push(token);
    }
  }
  return out;
}

// "e-mail" is "email".
function joinEmail(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (token.norm === "e" && next && /^mails?$/.test(next.norm) && next.start - token.end === 1) {
      out.push({ ...token, norm: `e${next.norm}`, raw: `${token.raw}-${next.raw}`, end: next.end });
      i++;
    } else out.push(token);
  }
  return out;
}

// "other than enterprise", "everyone but Germany": one "except", so the negation step reads
// them as it reads "except"; the tokens keep their place in the prompt for quoting.
function joinExclusions(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const pair = EXCLUSIONS.find(([a, b]) => token.norm === a && tokens[i + 1]?.norm === b);
    if (pair) {
      out.push({ ...token, norm: "except", end: tokens[i + 1]!.end, raw: `${token.raw} ${tokens[i + 1]!.raw}` });
      i++;
    } else if (
      token.norm === "but" &&
      (EVERYONE.has(out.at(-1)?.norm ?? "") ||
        (PEOPLE.has(out.at(-1)?.norm ?? "") && EVERYONE.has(out.at(-2)?.norm ?? "")))
    ) {
      out.push({ ...token, norm: "except" });
    } else out.push(token);
  }
  return out;
}

// A full stop or question mark closing the prompt separates nothing.
function isTrailing(token: Token, prompt: string): boolean {
  return token.norm !== "," && token.norm !== ";" && prompt.slice(token.end).trim() === "";
}

/** The prompt's own words from the first to the last token given. */
export function quoteSpan(prompt: string, tokens: readonly Token[]): string {
  if (tokens.length === 0) return "";
  const start = Math.min(...tokens.map((t) => t.start));
  const end = Math.max(...tokens.map((t) => t.end));
  return prompt.slice(start, end).trim();
}
