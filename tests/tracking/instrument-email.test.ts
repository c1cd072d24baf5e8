import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { newId } from "#db/ids.ts";
import { instrumentEmail } from "#server/tracking/instrument-email.ts";
import { readClickToken, readOpenToken, readUnsubscribeToken } from "#server/tracking/tokens.ts";

const key = randomBytes(32);
const baseUrl = "https://murmur.example.com";
const teamId = newId();
const contactId = newId();

const html = `<!doctype html><html><body>
<h1>Spring launch</h1>
<p>Read <a class="cta" href="https://example.com/launch?a=1&amp;b=2">the announcement</a>,
or <a href='https://example.com/docs'>the docs</a> or <a href=https://example.com/launch?a=1&amp;b=2>again</a>.</p>
<p><a href="mailto:hello@example.com">Write to us</a>, <a href="tel:+15550100">call</a>, <a href="#top">top</a>, <a href="/relative">here</a>.</p>
<a data-href="https://example.com/not-a-link" name="x">no href</a>
</body></html>`;
const text =
  "Spring launch\n\nRead the announcement: https://example.com/launch?a=1&b=2.\nDocs (https://example.com/docs)\n";

function instrument(overrides: Partial<Parameters<typeof instrumentEmail>[0]> = {}) {
  return instrumentEmail({
    html,
    text,
    deliveryId: newId(),
    teamId,
    contactId,
    key,
    baseUrl,
    postalAddress: "Murmur Ltd\n1 Main Street\nSpringfield",
    ...overrides,
  });
}

function hrefs(markup: string): string[] {
  return [...markup.matchAll(/\shref\s*=\s*["']?([^"'\s>]+)/g)].map((m) => m[1]!.replaceAll("&#38;", "&"));
}

describe("instrumentEmail", () => {
  test("sends every http(s) link through a signed click redirect to its own URL", () => {
    const deliveryId = newId();
    const out = instrument({ deliveryId });
    const tracked = hrefs(out.html).filter((href) => href.startsWith(`${baseUrl}/t/c/`));
    expect(tracked).toHaveLength(3);
    const targets = tracked.map((href) => readClickToken(key, href.slice(`${baseUrl}/t/c/`.length)));
    expect(targets).toEqual([
      { deliveryId, linkIndex: 0, url: "https://example.com/launch?a=1&b=2" },
      { deliveryId, linkIndex: 1, url: "https://example.com/docs" },
      { deliveryId, linkIndex: 0, url: "https://example.com/launch?a=1&b=2" },
    ]);
    expect(out.links).toEqual([
      { index: 0, url: "https://example.com/launch?a=1&b=2" },
      { index: 1, url: "https://example.com/docs" },
    ]);
    expect(out.html).toContain('<a class="cta" href="https://murmur.example.com/t/c/');
  });

  test("leaves mailto:, tel:, anchors, relative links and other attributes as written", () => {
    const out = instrument();
    for (const kept of [
      'href="mailto:hello@example.com"',
      'href="tel:+15550100"',
      'href="#top"',
      'href="/relative"',
      'data-href="https://example.com/not-a-link"',
    ]) {
      expect(out.html).toContain(kept);
    }
  });

  test("tracks the plain-text part's links too, keeping sentence punctuation outside", () => {
    const out = instrument();
    const urls = [...out.text.matchAll(/https:\/\/murmur\.example\.com\/t\/c\/([A-Za-z0-9_-]+)/g)].map(
      (m) => readClickToken(key, m[1]!)?.url,
    );
    expect(urls).toEqual(["https://example.com/launch?a=1&b=2", "https://example.com/docs"]);
    expect(out.text).toMatch(/\/t\/c\/[A-Za-z0-9_-]+\.\nDocs \(https:/);
    expect(out.text).not.toContain("https://example.com/");
  });

  test("adds an open pixel and a footer with the postal address and an unsubscribe link before </body>", () => {
    const deliveryId = newId();
    const out = instrument({ deliveryId });
    const pixel = /<img src="https:\/\/murmur\.example\.com\/t\/o\/([A-Za-z0-9_-]+)\.gif" width="1" height="1"/.exec(
      out.html,
    );
    expect(readOpenToken(key, pixel![1]!)).toBe(deliveryId);
    expect(out.html).toContain("Murmur Ltd<br />1 Main Street<br />Springfield");
    expect(out.html).toContain(`<a href="${out.unsubscribeUrl}" style="color:#6b7280">Unsubscribe</a>`);
    expect(out.html.lastIndexOf("</body>")).toBeGreaterThan(out.html.indexOf("Unsubscribe</a>"));
    expect(out.html.indexOf("Unsubscribe</a>")).toBeGreaterThan(out.html.indexOf("no href</a>"));
    expect(readUnsubscribeToken(key, out.unsubscribeUrl.slice(`${baseUrl}/u/`.length))).toEqual({
      deliveryId,
      teamId,
      contactId,
      channel: "EMAIL",
    });
    expect(out.text).toContain(`--\nMurmur Ltd\n1 Main Street\nSpringfield\nUnsubscribe: ${out.unsubscribeUrl}\n`);
  });

  test("says nothing of an address the team has not set", () => {
    const out = instrument({ postalAddress: null });
    expect(out.html).not.toContain("Springfield");
    expect(out.text).toContain(`\n--\nUnsubscribe: ${out.unsubscribeUrl}\n`);
  });

  test("fills the content's own {{ unsubscribe_url }} instead of adding a second link", () => {
    const out = instrument({
      html: `<p>Bye? <a href="{{ unsubscribe_url }}">Leave this list</a> or paste {{unsubscribe_url}}</p>`,
      text: "Leave: {{ unsubscribe_url }}",
      postalAddress: null,
    });
    expect(out.html).toContain(
      `<a href="${out.unsubscribeUrl}">Leave this list</a> or paste ${out.unsubscribeUrl}</p>`,
    );
    expect(out.html).not.toContain(">Unsubscribe</a>");
    expect(out.text).toBe(`Leave: ${out.unsubscribeUrl}`);
  });

  test("a content already rendered with this delivery's unsubscribe URL keeps it untracked", () => {
    const deliveryId = newId();
    const first = instrument({ deliveryId });
    const out = instrument({
      deliveryId,
      html: `<a href="${first.unsubscribeUrl}">Opt out</a>`,
      text: "",
      postalAddress: null,
    });
    expect(hrefs(out.html)).toEqual([first.unsubscribeUrl]);
    expect(out.text).toBe("");
  });

  test("sets the RFC 8058 one-click headers", () => {
    const out = instrument();
    expect(out.headers).toEqual({
      "List-Unsubscribe": `<${out.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(instrument({ unsubscribeMailto: "leave@murmur.example.com" }).headers["List-Unsubscribe"]).toMatch(
      /^<https:.+>, <mailto:leave@murmur\.example\.com>$/,
    );
  });

  test("each recipient of the same content gets their own tokens", () => {
    const a = instrument();
    const b = instrument();
    expect(a.html).not.toBe(b.html);
    expect(a.html.replace(/\/(t\/[oc]|u)\/[A-Za-z0-9_-]+/g, "")).toBe(
      b.html.replace(/\/(t\/[oc]|u)\/[A-Za-z0-9_-]+/g, ""),
    );
  });

  test("HTML without a body element gets the footer at the end", () => {
    const out = instrument({ html: `<p><a href="https://example.com">Hi</a></p>`, postalAddress: null });
    expect(out.html).toMatch(
      /^<p><a href="https:\/\/murmur\.example\.com\/t\/c\/[A-Za-z0-9_-]+">Hi<\/a><\/p><img src=.+Unsubscribe<\/a><\/p><\/div>$/,
    );
  });
});
