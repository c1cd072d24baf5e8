import { describe, expect, it } from "vitest";
import { contactRowsHtml } from "#app/components/contacts/contact-rows-html.ts";

const contact = {
  id: "0192f1c4-5b6a-7c8d-9e0f-a1b2c3d4e5f6",
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+14155550100",
  createdAt: "2024-03-05T10:00:00.000Z",
};

/** The text a reader sees: what is between the tags, unescaped. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

describe("the Contacts table's rows", () => {
  it("shows each contact's name as a link, email, phone and created day, with a checkbox named by the contact", () => {
    const html = contactRowsHtml([contact], false);
    expect(html).toContain(`<a href="/dashboard/contacts/${contact.id}" title="Ada Lovelace">Ada Lovelace</a>`);
    expect(html).toContain(
      `<input type="checkbox" name="contactIds" value="${contact.id}" aria-label="Select Ada Lovelace">`,
    );
    expect(textOf(html)).toBe("Ada Lovelaceada@example.com+14155550100Mar 5, 2024");
  });

  it("says Unnamed for a contact without a name, and None to screen readers for a missing value", () => {
    const html = contactRowsHtml([{ ...contact, name: null, phone: null }], false);
    expect(html).toContain('class="text-muted-foreground">Unnamed</a>');
    expect(html).toContain('aria-label="Select ada@example.com"');
    expect(html).toContain('<span class="sr-only">None</span>');
  });

  it("ticks every row when asked to", () => {
    expect(
      contactRowsHtml([contact, { ...contact, id: "0192f1c4-5b6a-7c8d-9e0f-a1b2c3d4e5f7" }], true).match(/ checked>/g),
    ).toHaveLength(2);
    expect(contactRowsHtml([contact], false)).not.toContain("checked");
  });

  it("writes an imported name or email as text, never as markup", () => {
    const hostile = `"><script>alert('x')</script><b a='`;
    const html = contactRowsHtml([{ ...contact, name: hostile, email: `x@y.z" onmouseover="alert(1)` }], false);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b ");
    expect(html).not.toContain('" onmouseover');
    expect(textOf(html)).toContain(hostile);
  });
});
