import { randomBytes } from "node:crypto";

/**
 * Swaps every Liquid token for an inert word so Markdown and the HTML-to-text
 * converter cannot touch it (Markdown would turn the quotes in
 * `default: "there"` into entities, or underscores into emphasis), then puts the
 * tokens back. The word is letters and digits only, with a random part, so it
 * survives both converters and cannot clash with the author's own text.
 */
export function shieldLiquid(source: string): { shielded: string; restore: (converted: string) => string } {
  const nonce = randomBytes(6).toString("hex");
  const tokens: string[] = [];
  let shielded = "";
  let from = 0;
  for (const [start, end] of findLiquidTokens(source)) {
    tokens.push(source.slice(start, end));
    shielded += `${source.slice(from, start)}lqd${nonce}x${tokens.length - 1}x`;
    from = end;
  }
  shielded += source.slice(from);
  const placeholder = new RegExp(`lqd${nonce}x(\\d+)x`, "gi");
  return {
    shielded,
    restore: (converted) => converted.replace(placeholder, (_, index: string) => tokens[Number(index)] ?? ""),
  };
}

/**
 * Where each `{{ ... }}` and `{% ... %}` is (whitespace-control dashes included), as
 * /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g would find them but in one pass: that pattern
 * looked for a closing brace to the end of the text from every unclosed opening one,
 * and 80 KB of `{{` inside `{% raw %}` (valid Liquid) took seconds. An opening brace
 * with no closing one after it means no later one of its kind has one either.
 */
function findLiquidTokens(source: string): [number, number][] {
  const found: [number, number][] = [];
  let from = 0;
  // The next token of each kind, kept while it lies ahead, so each is searched for once.
  let output: [number, number] | null | undefined;
  let tag: [number, number] | null | undefined;
  for (;;) {
    if (output !== null && (output === undefined || output[0] < from)) output = opening(source, "{{", "}}", from);
    if (tag !== null && (tag === undefined || tag[0] < from)) tag = opening(source, "{%", "%}", from);
    const next = output && tag ? (output[0] < tag[0] ? output : tag) : (output ?? tag);
    if (!next) return found;
    found.push(next);
    from = next[1];
  }
}

/** The first `open` at or after `from` with a `close` after it, or null when there is none. */
function opening(source: string, open: string, close: string, from: number): [number, number] | null {
  const start = source.indexOf(open, from);
  if (start < 0) return null;
  const end = source.indexOf(close, start + open.length);
  return end < 0 ? null : [start, end + close.length];
}
