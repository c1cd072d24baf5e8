import { findHtmlLinks, type HtmlLink } from "./find-html-links.ts";
import { decodeHtmlEntities } from "./html-entities.ts";
import { isTrackableUrl } from "./tokens.ts";

/**
 * An email body split once into fixed text and the places that change per
 * recipient, so instrumenting 100,000 messages of one campaign scans its HTML once.
 */
export type Slot = { kind: "click"; index: number } | { kind: "unsubscribe" } | { kind: "footer" };
const UNSUBSCRIBE: Slot = { kind: "unsubscribe" };
const FOOTER: Slot = { kind: "footer" };
export type CompiledBody = { pieces: (string | Slot)[]; hasUnsubscribe: boolean };
export type CompiledEmail = { html: CompiledBody; text: CompiledBody; links: string[] };

// Every pattern here is linear: each match starts at a fixed prefix and none can be
// retried from inside another (links in HTML are found by a tokenizer, not a pattern).
const PLACEHOLDER_SCAN = /\{\{\s*unsubscribe_url\s*\}\}/gi;
const TEXT_SCAN = /\{\{\s*unsubscribe_url\s*\}\}|https?:\/\/[^\s<>"'`]+/gi;
const PLACEHOLDER = /^\{\{\s*unsubscribe_url\s*\}\}$/i;
const BODY_END = /<\/body\s*>/gi;

/** Splits one campaign's rendered HTML and text; `ownUnsubscribePrefix` is `<base>/u/`. */
export function compileEmail(html: string, text: string, ownUnsubscribePrefix: string): CompiledEmail {
  const links: string[] = [];
  const indexOf = (url: string): number => {
    let index = links.indexOf(url);
    if (index < 0) index = links.push(url) - 1;
    return index;
  };
  const isUnsubscribe = (value: string) =>
    PLACEHOLDER.test(safeDecodeUri(value)) || value.startsWith(ownUnsubscribePrefix);
  return {
    html: compileHtml(html, indexOf, isUnsubscribe),
    text: compileText(text, indexOf, isUnsubscribe),
    links,
  };
}

function compileHtml(
  html: string,
  indexOf: (url: string) => number,
  isUnsubscribe: (value: string) => boolean,
): CompiledBody {
  // The places to fill, in document order: link hrefs, and the unsubscribe placeholder
  // written anywhere outside an <a> or <area> tag (inside one, only its href counts).
  const cuts: { start: number; end: number; slot: Slot }[] = [];
  let hasUnsubscribe = false;
  const links = findHtmlLinks(html);
  let next = 0;
  for (const match of html.matchAll(PLACEHOLDER_SCAN)) {
    while (next < links.length && links[next]!.tagEnd <= match.index) addLink(links[next++]!);
    const inTag = next < links.length && links[next]!.tagStart <= match.index;
    if (inTag) continue;
    hasUnsubscribe = true;
    cuts.push({ start: match.index, end: match.index + match[0].length, slot: UNSUBSCRIBE });
  }
  while (next < links.length) addLink(links[next++]!);

  function addLink(link: HtmlLink) {
    if (!link.href) return;
    const { start, end } = link.href;
    const url = decodeHtmlEntities(html.slice(start, end)).trim();
    if (isUnsubscribe(url)) {
      hasUnsubscribe = true;
      if (!url.startsWith("http")) cuts.push({ start, end, slot: UNSUBSCRIBE });
    } else if (isTrackableUrl(url)) {
      // mailto:, tel:, #anchors and relative links are not http(s): they stay as written.
      cuts.push({ start, end, slot: { kind: "click", index: indexOf(url) } });
    }
  }

  const pieces: (string | Slot)[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(html.slice(from, cut.start), cut.slot);
    from = cut.end;
  }
  // The footer (open pixel, postal address, unsubscribe link when missing) goes at the end of the body.
  const bodyEnds = [...html.matchAll(BODY_END)];
  const footerAt = bodyEnds.length > 0 ? bodyEnds[bodyEnds.length - 1]!.index : html.length;
  if (footerAt >= from) {
    pieces.push(html.slice(from, footerAt), FOOTER, html.slice(footerAt));
  } else {
    // </body> came before a link we cut (malformed HTML): the footer simply goes last.
    pieces.push(html.slice(from), FOOTER);
  }
  return { pieces, hasUnsubscribe };
}

function compileText(
  text: string,
  indexOf: (url: string) => number,
  isUnsubscribe: (value: string) => boolean,
): CompiledBody {
  const pieces: (string | Slot)[] = [];
  let hasUnsubscribe = false;
  let from = 0;
  for (const match of text.matchAll(TEXT_SCAN)) {
    // A URL at the end of a sentence does not own its full stop or closing bracket.
    const value = withoutTrailingPunctuation(match[0]);
    if (isUnsubscribe(value)) {
      hasUnsubscribe = true;
      if (value[0] === "{") {
        pieces.push(text.slice(from, match.index), UNSUBSCRIBE);
        from = match.index + value.length;
      }
    } else if (isTrackableUrl(value)) {
      pieces.push(text.slice(from, match.index), { kind: "click", index: indexOf(value) });
      from = match.index + value.length;
    }
  }
  pieces.push(text.slice(from), FOOTER);
  return { pieces, hasUnsubscribe };
}

// A loop, not /[.,;:!?)\]]+$/: that pattern is retried from every character of a long
// run of full stops and is quadratic in it.
const TRAILING_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?", ")", "]"]);

function withoutTrailingPunctuation(value: string): string {
  let end = value.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(value[end - 1]!)) end -= 1;
  return value.slice(0, end);
}

function safeDecodeUri(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
