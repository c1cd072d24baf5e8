import { useEffect, useRef } from "react";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn.ts";

export type ContactView = { id: string; name: string | null; email: string | null; phone: string | null; createdAt: string };

const createdFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const checkboxClass = "size-4 cursor-pointer accent-primary align-middle";

/**
 * The contacts of one page with a checkbox per row, named `contactIds` so the
 * surrounding form posts the ticked ids as they are, with or without JavaScript.
 */
export function ContactsTable({
  contacts,
  selected,
  onToggle,
  header,
  empty,
}: {
  contacts: ContactView[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** What sits above the checkboxes column: the select-all control. */
  header: React.ReactNode;
  empty: React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full caption-bottom text-sm">
        <caption className="sr-only">Contacts</caption>
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="w-12 px-4 py-3">
              {header}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Phone
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Created
            </th>
          </tr>
        </thead>
        <tbody>
          {contacts.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-4 py-14 text-center">
                {empty}
              </td>
            </tr>
          ) : (
            contacts.map((contact) => (
              <ContactRow key={contact.id} contact={contact} checked={selected.has(contact.id)} onToggle={onToggle} />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function ContactRow({ contact, checked, onToggle }: { contact: ContactView; checked: boolean; onToggle: (id: string) => void }) {
  return (
    <tr className={cn("border-b transition-colors last:border-0 hover:bg-muted/40", checked && "bg-muted/60")}>
      <td className="px-4 py-3">
        <input
          type="checkbox"
          name="contactIds"
          value={contact.id}
          checked={checked}
          onChange={() => onToggle(contact.id)}
          aria-label={`Select ${contact.name ?? contact.email ?? "contact"}`}
          className={checkboxClass}
        />
      </td>
      <td className="px-4 py-3 font-medium">
        {/* The row's way to the contact's page: by name, or "Unnamed" when the contact has none. */}
        <Link to={`/dashboard/contacts/${contact.id}`} className="underline-offset-4 hover:underline">
          {contact.name ? <Clipped text={contact.name} /> : <span className="text-muted-foreground">Unnamed</span>}
        </Link>
      </td>
      <td className="px-4 py-3">
        {contact.email ? <Clipped text={contact.email} /> : <Missing />}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{contact.phone ?? <Missing />}</td>
      <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
        <time dateTime={contact.createdAt}>{createdFormat.format(new Date(contact.createdAt))}</time>
      </td>
    </tr>
  );
}

/** Imported names can be thousands of characters long: one line each, in full on hover. */
function Clipped({ text }: { text: string }) {
  return (
    <span className="block max-w-64 truncate" title={text}>
      {text}
    </span>
  );
}

function Missing() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

/** With JavaScript: one checkbox for every row of the page, half-ticked when only some are. */
export function SelectPageCheckbox({ state, onChange }: { state: "none" | "some" | "all"; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state === "all"}
      onChange={onChange}
      aria-label="Select all contacts on this page"
      className={checkboxClass}
    />
  );
}

/** Without JavaScript a checkbox cannot tick others, so select-all is a link to this page with every row ticked. */
export function SelectPageLink({ href, allSelected }: { href: string; allSelected: boolean }) {
  return (
    <Link to={href} className="text-xs font-medium text-primary underline-offset-4 hover:underline" preventScrollReset>
      {allSelected ? "Clear" : "All"}
      <span className="sr-only">{allSelected ? " selection on this page" : " contacts on this page"}</span>
    </Link>
  );
}
