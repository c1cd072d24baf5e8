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

// An <a> or <area> start tag (quoted attribute values may hold ">"), or the
// unsubscribe placeholder written in the content outside any tag.
const HTML_SCAN = /<(?:a|area)\b(?:[^>"']|"[^"]*"|'[^']*')*>|\{\{\s*unsubscribe_url\s*\}\}/gi;
// The href attribute inside one tag; `\s` first so data-href is not it.
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
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
  const isUnsubscribe = (value: string) => PLACEHOLDER.test(safeDecodeUri(value)) || value.startsWith(ownUnsubscribePrefix);
  return {
    html: compileHtml(html, indexOf, isUnsubscribe),
    text: compileText(text, indexOf, isUnsubscribe),
    links,
  };
}

function compileHtml(html: string, indexOf: (url: string) => number, isUnsubscribe: (value: string) => boolean): CompiledBody {
  const pieces: (string | Slot)[] = [];
  let hasUnsubscribe = false;
  let from = 0;
  const cut = (start: number, end: number, slot: Slot) => {
    pieces.push(html.slice(from, start), slot);
    from = end;
  };
  for (const match of html.matchAll(HTML_SCAN)) {
    const tag = match[0];
    if (tag[0] === "{") {
      hasUnsubscribe = true;
      cut(match.index, match.index + tag.length, UNSUBSCRIBE);
      continue;
    }
    const href = HREF.exec(tag);
    if (!href) continue;
    const raw = href[1] ?? href[2] ?? href[3] ?? "";
    const valueStart = match.index + href.index + href[0].length - raw.length - (href[3] === undefined ? 1 : 0);
    const url = decodeHtmlEntities(raw).trim();
    if (isUnsubscribe(url)) {
      hasUnsubscribe = true;
      if (!url.startsWith("http")) cut(valueStart, valueStart + raw.length, UNSUBSCRIBE);
    } else if (isTrackableUrl(url)) {
      // mailto:, tel:, #anchors and relative links are not http(s): they stay as written.
      cut(valueStart, valueStart + raw.length, { kind: "click", index: indexOf(url) });
    }
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

function compileText(text: string, indexOf: (url: string) => number, isUnsubscribe: (value: string) => boolean): CompiledBody {
  const pieces: (string | Slot)[] = [];
  let hasUnsubscribe = false;
  let from = 0;
  for (const match of text.matchAll(TEXT_SCAN)) {
    // A URL at the end of a sentence does not own its full stop or closing bracket.
    const value = match[0].replace(/[.,;:!?)\]]+$/, "");
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

function safeDecodeUri(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
