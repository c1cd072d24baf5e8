import { compile } from "html-to-text";
import { shieldLiquid } from "./liquid-tokens.ts";

const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "img", format: "skip" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "h4", options: { uppercase: false } },
    { selector: "h5", options: { uppercase: false } },
    { selector: "h6", options: { uppercase: false } },
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
  ],
});

/** The plain-text part of an email, from its HTML. */
export function htmlToPlainText(html: string): string {
  return tidyPlainText(toText(html));
}

/**
 * The plain-text version of an HTML *template*, still carrying its Liquid, so it is
 * converted once per campaign rather than once per recipient.
 */
export function htmlTemplateToTextTemplate(htmlTemplate: string): string {
  const { shielded, restore } = shieldLiquid(htmlTemplate);
  return restore(toText(shielded));
}

/** Liquid tags on lines of their own leave blank runs behind; keep at most one blank line. */
export function tidyPlainText(text: string): string {
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
