import sanitizeHtml from "sanitize-html";

/**
 * Author HTML made safe to show inside Murmur (previews): no scripts, no event
 * handlers, no `javascript:` links, no forms or frames; formatting, links, images
 * and inline styles (what emails are made of) stay. Previews also sit in a
 * sandboxed frame, so this is the second of two walls, not the only one.
 */
export function sanitizeForDisplay(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "center", "font", "span"],
    allowedAttributes: {
      "*": ["style", "align", "width", "height", "bgcolor", "color", "dir", "lang", "title"],
      a: ["href", "name", "target", "rel"],
      img: ["src", "alt", "width", "height", "border"],
      td: ["colspan", "rowspan", "valign"],
      th: ["colspan", "rowspan", "valign", "scope"],
      table: ["cellpadding", "cellspacing", "border", "role"],
      font: ["face", "size", "color"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "data", "cid"] },
    allowProtocolRelative: false,
  });
}
