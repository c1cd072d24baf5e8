import { Marked } from "marked";
import { shieldLiquid } from "./liquid-tokens.ts";

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown to an HTML template: the Liquid in it comes out untouched, so the result
 * is parsed as Liquid once per campaign instead of running Markdown per recipient
 * (and a contact's name can never become Markdown).
 */
export function markdownToHtmlTemplate(source: string): string {
  const { shielded, restore } = shieldLiquid(source);
  return restore(markdown.parse(shielded, { async: false }));
}
