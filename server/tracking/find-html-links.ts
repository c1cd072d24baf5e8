import { QuoteType, Tokenizer } from "htmlparser2";

/** Where one `<a>` or `<area>` start tag lies in an HTML body, and its href's value (raw, entities and all). */
export type HtmlLink = { tagStart: number; tagEnd: number; href: { start: number; end: number } | null };

type Range = { start: number; end: number };

/**
 * Every complete `<a>` and `<area>` start tag of an HTML body, in order, with the
 * place of its first href value (the one a browser follows). One pass of
 * htmlparser2's tokenizer, which never looks back, so a body full of unclosed
 * `<a ` costs as much as any other body of its size; a regular expression for
 * "a tag with quoted values" retried from every `<a` and took seconds on 200 KB.
 * A tag never closed by `>` is not a link (browsers drop it); tags inside
 * comments, scripts and styles are text, not links.
 */
export function findHtmlLinks(html: string): HtmlLink[] {
  const links: HtmlLink[] = [];
  let tag: { tagStart: number; href: Range | null } | null = null;
  let inHref = false;
  let value: Range | null = null;
  const endTag = (gt: number) => {
    if (tag) links.push({ tagStart: tag.tagStart, tagEnd: gt + 1, href: tag.href });
    tag = null;
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        const name = html.slice(start, end).toLowerCase();
        tag = name === "a" || name === "area" ? { tagStart: start - 1, href: null } : null;
      },
      onattribname(start, end) {
        inHref =
          tag !== null && tag.href === null && end - start === 4 && html.slice(start, end).toLowerCase() === "href";
        value = null;
      },
      onattribdata(start, end) {
        if (inHref) value = { start: value?.start ?? start, end };
      },
      onattribend(quote) {
        // `<a href>` has no value to follow.
        if (tag && inHref && quote !== QuoteType.NoValue) tag.href = value ?? null;
        inHref = false;
        value = null;
      },
      onopentagend: endTag,
      onselfclosingtag: endTag,
      onattribentity() {},
      oncdata() {},
      onclosetag() {
        tag = null;
      },
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return links;
}
