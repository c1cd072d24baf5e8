import { randomBytes } from "node:crypto";

// `{{ ... }}` and `{% ... %}`, with or without whitespace control dashes.
const LIQUID_TOKEN = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

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
  const shielded = source.replace(LIQUID_TOKEN, (token) => `lqd${nonce}x${tokens.push(token) - 1}x`);
  const placeholder = new RegExp(`lqd${nonce}x(\\d+)x`, "gi");
  return {
    shielded,
    restore: (converted) => converted.replace(placeholder, (_, index: string) => tokens[Number(index)] ?? ""),
  };
}
