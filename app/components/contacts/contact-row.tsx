export type ContactView = { id: string; name: string | null; email: string | null; phone: string | null; createdAt: string };

const createdFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * One contact of the Contacts table: a checkbox named `contactIds` (ticked at
 * first when `checked`; afterwards the table keeps it in step with the selection),
 * the name as the link to the contact's page ("Unnamed" when there is none), the
 * email and the name with a title holding them in full (long ones are clipped by
 * the table body's CSS), the phone, and the day the contact was created. Cells
 * and links carry no classes of their own: the table body styles them once.
 */
export function ContactRow({ contact, checked }: { contact: ContactView; checked: boolean }) {
  const href = `/dashboard/contacts/${encodeURIComponent(contact.id)}`;
  return (
    <tr>
      <td>
        <input type="checkbox" name="contactIds" value={contact.id} defaultChecked={checked} aria-label={`Select ${contact.name ?? contact.email ?? "contact"}`} />
      </td>
      <td>
        {contact.name ? (
          <a href={href} title={contact.name}>
            {contact.name}
          </a>
        ) : (
          <a href={href} className="text-muted-foreground">
            Unnamed
          </a>
        )}
      </td>
      <td>{contact.email ? <span title={contact.email}>{contact.email}</span> : <Missing />}</td>
      <td>{contact.phone ?? <Missing />}</td>
      <td>
        <time dateTime={contact.createdAt}>{createdFormat.format(new Date(contact.createdAt))}</time>
      </td>
    </tr>
  );
}

/** A missing value: a dash to the eye, "None" to a screen reader. */
function Missing() {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}
