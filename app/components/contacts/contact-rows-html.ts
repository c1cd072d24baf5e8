// The Contacts table's rows as markup, written here rather than as React elements:
// React's server renderer spends a few microseconds on every element and attribute,
// and 50 rows are some 500 of them, the largest part of the page's CPU
// (docs/decisions/017-server-rendering.md). Every value from a contact is escaped.

export type ContactView = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
};

const createdFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** Text made safe for an element's content and for a quoted attribute value alike. */
export function escapeHtml(value: string): string {
  // Most values need nothing escaped: testing first spares them the replacing.
  return SPECIAL.test(value) ? value.replace(SPECIALS, (char) => ESCAPES[char]!) : value;
}

/** A missing value: a dash to the eye, "None" to a screen reader. */
const MISSING = '<span aria-hidden="true" class="text-muted-foreground">—</span><span class="sr-only">None</span>';

/**
 * One `<tr>` per contact: a checkbox named `contactIds` (ticked when `checked`),
 * the name as the link to the contact's page ("Unnamed" when there is none), the
 * email and the name with a title holding them in full (long ones are clipped by
 * the table body's CSS), the phone, and the day the contact was created.
 */
export function contactRowsHtml(contacts: readonly ContactView[], checked: boolean): string {
  let html = "";
  for (const contact of contacts) html += contactRowHtml(contact, checked);
  return html;
}

function contactRowHtml(contact: ContactView, checked: boolean): string {
  const id = escapeHtml(contact.id);
  const href = `/dashboard/contacts/${escapeHtml(encodeURIComponent(contact.id))}`;
  const label = escapeHtml(`Select ${contact.name ?? contact.email ?? "contact"}`);
  const name = contact.name ? escapeHtml(contact.name) : null;
  const nameCell = name
    ? `<a href="${href}" title="${name}">${name}</a>`
    : `<a href="${href}" class="text-muted-foreground">Unnamed</a>`;
  const email = contact.email ? escapeHtml(contact.email) : null;
  const emailCell = email ? `<span title="${email}">${email}</span>` : MISSING;
  const phoneCell = contact.phone ? escapeHtml(contact.phone) : MISSING;
  const created = escapeHtml(contact.createdAt);
  return (
    `<tr><td><input type="checkbox" name="contactIds" value="${id}" aria-label="${label}"${checked ? " checked" : ""}></td>` +
    `<td>${nameCell}</td><td>${emailCell}</td><td>${phoneCell}</td>` +
    `<td><time datetime="${created}">${createdFormat.format(new Date(contact.createdAt))}</time></td></tr>`
  );
}
