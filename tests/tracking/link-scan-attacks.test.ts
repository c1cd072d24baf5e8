import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { newId } from "#db/ids.ts";
import { instrumentEmail } from "#server/tracking/instrument-email.ts";
import { readClickToken } from "#server/tracking/tokens.ts";

// Bodies built to make a backtracking link pattern retry from every character: before
// the tokenizer, 198 KB of "<a " took 22 s of one core. Vitest's test timeout is the net.
const key = randomBytes(32);
const baseUrl = "https://murmur.example.com";

function instrument(html: string, text = "") {
  const deliveryId = newId();
  const out = instrumentEmail({
    html,
    text,
    deliveryId,
    teamId: newId(),
    contactId: newId(),
    key,
    baseUrl,
    postalAddress: null,
  });
  const clicks = [...out.html.matchAll(/\/t\/c\/([A-Za-z0-9_-]+)/g)].map((m) => readClickToken(key, m[1]!)?.url);
  return { out, clicks };
}

describe("scanning hostile email bodies for links", () => {
  test.each([
    ["198 KB", 66_000],
    ["2 MB", 700_000],
  ])("%s of unclosed <a is no link, and the link that finally closes the tag is tracked", (_, repeats) => {
    const flood = "<a ".repeat(repeats);
    const plain = instrument(flood);
    expect(plain.clicks).toEqual([]);
    expect(plain.out.html.startsWith(flood)).toBe(true);
    expect(plain.out.html).toContain(">Unsubscribe</a>");

    const closed = instrument(`${flood}<a href="https://example.com/after">Read</a>`);
    expect(closed.clicks).toEqual(["https://example.com/after"]);
  });

  test("2 MB of attributes with unbalanced quotes and many real links: each link is tracked once", () => {
    const noise = `<p title='"${"<a x='".repeat(100_000)}'>`;
    const links = Array.from({ length: 2_000 }, (_, i) => `<a href="https://example.com/${i}">${i}</a>`).join("");
    const { clicks, out } = instrument(`${noise}${links}${"<area ".repeat(200_000)}`);
    expect(clicks).toHaveLength(2_000);
    expect(clicks[1_999]).toBe("https://example.com/1999");
    expect(out.links).toHaveLength(2_000);
  });

  test("a plain-text URL followed by 2 MB of full stops keeps them outside the link", () => {
    const stops = ".".repeat(2_000_000);
    const { out } = instrument("<p>Hi</p>", `See https://example.com/x${stops}`);
    expect(out.links).toEqual([{ index: 0, url: "https://example.com/x" }]);
    expect(out.text).toContain(`${stops}\n`);
    expect(out.text).not.toContain("https://example.com/x");
  });

  test("{{ unsubscribe_url }} is filled in text and other tags, not inside an <a> tag's other attributes", () => {
    const { out } = instrument(
      `<img alt="{{ unsubscribe_url }}"><a title="{{ unsubscribe_url }}" href="{{unsubscribe_url}}">Leave</a> {{ unsubscribe_url }}`,
    );
    expect(out.html).toBe(
      `<img alt="${out.unsubscribeUrl}"><a title="{{ unsubscribe_url }}" href="${out.unsubscribeUrl}">Leave</a> ${out.unsubscribeUrl}` +
        out.html.slice(out.html.indexOf("<img src=")),
    );
  });
});
