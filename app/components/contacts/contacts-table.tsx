import { useEffect, useMemo, useRef } from "react";
import type * as React from "react";
import { Link, useNavigate } from "react-router";
import { contactRowsHtml, type ContactView } from "./contact-rows-html.ts";

export type { ContactView };

const checkboxClass = "size-4 cursor-pointer accent-primary align-middle";

/**
 * The rows' and cells' styles, given once on the table body rather than as a class
 * on each of the 50 rows and their 300 elements: writing those classes out per row
 * was a measurable share of the page's server time (docs/decisions/017-server-rendering.md).
 * A ticked row is highlighted by CSS alone, so also without JavaScript.
 */
const ROWS_CLASS = [
  "[&>tr]:border-b [&>tr]:transition-colors [&>tr:last-child]:border-0 [&>tr]:hover:bg-muted/40 [&>tr]:has-checked:bg-muted/60",
  "[&>tr>td]:px-4 [&>tr>td]:py-3",
  // Name; Phone and Created on one line; Created quieter.
  "[&>tr>td:nth-child(2)]:font-medium [&>tr>td:nth-child(n+4)]:whitespace-nowrap [&>tr>td:nth-child(5)]:text-muted-foreground",
  "[&_input]:size-4 [&_input]:cursor-pointer [&_input]:accent-primary [&_input]:align-middle",
  "[&_a]:underline-offset-4 [&_a:hover]:underline",
  // Imported names and emails can be thousands of characters long: one line each,
  // in full on hover (the clipped values are the ones with a title).
  "[&_[title]]:inline-block [&_[title]]:max-w-64 [&_[title]]:truncate [&_[title]]:align-bottom",
].join(" ");

/**
 * The contacts of one page with a checkbox per row, named `contactIds` so the
 * surrounding form posts the ticked ids as they are, with or without JavaScript.
 * The rows are prepared markup (contact-rows-html.ts), so React does not manage
 * their checkboxes: a click on one is reported through `onSelect`, and the ticks
 * follow `selected` whenever it changes (select this page, all matching, clear).
 */
export function ContactsTable({
  contacts,
  initiallyChecked,
  selected,
  onSelect,
  header,
  empty,
}: {
  contacts: ContactView[];
  /** Whether the rows are ticked when first shown (without JavaScript, "All" on this page). */
  initiallyChecked: boolean;
  selected: ReadonlySet<string>;
  onSelect: (id: string, checked: boolean) => void;
  /** What sits above the checkboxes column: the select-all control. */
  header: React.ReactNode;
  empty: React.ReactNode;
}) {
  const followRowLink = useClientSideRowLinks();
  const rows = useRef<HTMLTableSectionElement>(null);
  // The same markup on the server and in the browser, so hydration keeps the server's rows.
  const rowsHtml = useMemo(
    () => ({ __html: contactRowsHtml(contacts, initiallyChecked) }),
    [contacts, initiallyChecked],
  );
  useEffect(() => {
    for (const box of rows.current?.querySelectorAll<HTMLInputElement>('input[name="contactIds"]') ?? []) {
      box.checked = selected.has(box.value);
    }
  }, [selected]);

  function onRowsClick(event: React.MouseEvent<HTMLElement>) {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.name === "contactIds") onSelect(target.value, target.checked);
    else followRowLink(event);
  }

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
        {contacts.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={5} className="px-4 py-14 text-center">
                {empty}
              </td>
            </tr>
          </tbody>
        ) : (
          <tbody ref={rows} className={ROWS_CLASS} onClick={onRowsClick} dangerouslySetInnerHTML={rowsHtml} />
        )}
      </table>
    </div>
  );
}

/**
 * The rows link to each contact with plain anchors, and this one handler on the table
 * body follows them inside the app the way the router's Link would. Modified clicks
 * (a new tab, a download) are left to the browser.
 */
function useClientSideRowLinks() {
  const navigate = useNavigate();
  return (event: React.MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/")) return;
    event.preventDefault();
    void navigate(href);
  };
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
