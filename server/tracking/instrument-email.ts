import { type CompiledBody, type CompiledEmail, compileEmail } from "./compile-email.ts";
import { escapeHtml } from "./html-entities.ts";
import { signClickTokens, signOpenToken, signUnsubscribeToken } from "./tokens.ts";

export type InstrumentEmailInput = {
  /** The recipient's rendered HTML and text parts. */
  html: string;
  text: string;
  deliveryId: string;
  /** The recipient: the unsubscribe link names them, so it works even after the campaign is deleted. */
  teamId: string;
  contactId: string;
  /** The tracking key (getTrackingKey). */
  key: Buffer;
  /** Public address of this Murmur, e.g. https://murmur.example.com (trackingBaseUrl). */
  baseUrl: string;
  /** The team's postal address, shown in the footer; null when the team has not set one. */
  postalAddress: string | null;
  /** A mailto: address that unsubscribes, offered in List-Unsubscribe next to the one-click URL. */
  unsubscribeMailto?: string | null;
};

export type InstrumentedEmail = {
  html: string;
  text: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers: Record<string, string>;
  /** The message's distinct http(s) links, by link index, as written in the content. */
  links: { index: number; url: string }[];
  unsubscribeUrl: string;
};

/**
 * Makes one recipient's email trackable and compliant: every http(s) link goes
 * through a signed click redirect, an open pixel and a footer with the team's postal
 * address are added, an unsubscribe link is added unless the content has one
 * (`{{ unsubscribe_url }}`, rendered or not), and the one-click List-Unsubscribe
 * headers are set. mailto:, tel: and #anchor links stay as written.
 *
 * The content is scanned once per distinct (html, text): a campaign whose message is
 * the same for everyone is parsed once, and each recipient costs a few HMACs and a join.
 */
export function instrumentEmail(input: InstrumentEmailInput): InstrumentedEmail {
  const base = input.baseUrl.replace(/\/+$/, "");
  const compiled = compileCached(input.html, input.text, `${base}/u/`);
  const unsubscribeUrl = `${base}/u/${signUnsubscribeToken(input.key, { deliveryId: input.deliveryId, teamId: input.teamId, contactId: input.contactId, channel: "EMAIL" })}`;
  const pixelUrl = `${base}/t/o/${signOpenToken(input.key, input.deliveryId)}.gif`;
  const clickUrls = signClickTokens(input.key, input.deliveryId, compiled.links).map((token) => `${base}/t/c/${token}`);
  const postal = input.postalAddress?.trim() || null;

  const htmlFooter = [
    `<img src="${escapeHtml(pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;margin:0;padding:0" />`,
    postal || !compiled.html.hasUnsubscribe
      ? `<div style="margin:24px 0 0;font-size:12px;line-height:18px;color:#6b7280;text-align:center">` +
        (postal && !input.html.includes(escapeHtml(postal))
          ? `<p style="margin:0 0 8px">${escapeHtml(postal).replace(/\r?\n/g, "<br />")}</p>`
          : "") +
        (compiled.html.hasUnsubscribe
          ? ""
          : `<p style="margin:0"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>`) +
        `</div>`
      : "",
  ].join("");
  const textFooterLines = [
    postal && !input.text.includes(postal) ? postal : null,
    compiled.text.hasUnsubscribe ? null : `Unsubscribe: ${unsubscribeUrl}`,
  ].filter((line): line is string => line !== null);
  const textFooter =
    textFooterLines.length > 0 ? `${input.text.endsWith("\n") ? "" : "\n"}\n--\n${textFooterLines.join("\n")}\n` : "";

  const mailto = input.unsubscribeMailto ? `, <mailto:${input.unsubscribeMailto}>` : "";
  return {
    html: assemble(compiled.html, {
      clickUrls: clickUrls.map(escapeHtml),
      unsubscribeUrl: escapeHtml(unsubscribeUrl),
      footer: htmlFooter,
    }),
    text: input.text === "" ? "" : assemble(compiled.text, { clickUrls, unsubscribeUrl, footer: textFooter }),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>${mailto}`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    links: compiled.links.map((url, index) => ({ index, url })),
    unsubscribeUrl,
  };
}

function assemble(body: CompiledBody, values: { clickUrls: string[]; unsubscribeUrl: string; footer: string }): string {
  let out = "";
  for (const piece of body.pieces) {
    if (typeof piece === "string") out += piece;
    else if (piece.kind === "click") out += values.clickUrls[piece.index];
    else if (piece.kind === "unsubscribe") out += values.unsubscribeUrl;
    else out += values.footer;
  }
  return out;
}

// The last few distinct bodies: one per campaign being sent by this process, or a
// stream of personalised ones that each miss (then a scan costs what it costs).
// The most recent one is checked first by plain comparison, which is cheaper than
// building and hashing the combined key of a 20 KB message.
const CACHE_SIZE = 16;
const cache = new Map<string, CompiledEmail>();
let last: { html: string; text: string; prefix: string; compiled: CompiledEmail } | undefined;

function compileCached(html: string, text: string, ownUnsubscribePrefix: string): CompiledEmail {
  if (last && last.html === html && last.text === text && last.prefix === ownUnsubscribePrefix) return last.compiled;
  const cacheKey = `${ownUnsubscribePrefix}\u0000${html}\u0000${text}`;
  let compiled = cache.get(cacheKey);
  if (!compiled) {
    compiled = compileEmail(html, text, ownUnsubscribePrefix);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(cacheKey, compiled);
  }
  last = { html, text, prefix: ownUnsubscribePrefix, compiled };
  return compiled;
}
