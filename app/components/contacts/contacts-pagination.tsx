import { ChevronLeft, ChevronRight, ChevronsLeft } from "#app/components/ui/icons.ts";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { type ContactsQuery, firstPageHref, nextPageHref, previousPageHref } from "./contacts-query.ts";

/**
 * Keyset paging moves one page at a time: Next follows the server's cursor, Previous
 * walks back the cursors kept in the URL, First page is always there. There are no
 * page numbers to jump to, because a keyset has none to offer cheaply.
 */
export function ContactsPagination({ query, nextCursor }: { query: ContactsQuery; nextCursor: string | null }) {
  const previous = previousPageHref(query);
  if (!query.cursor && !nextCursor) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-end gap-2 border-t px-4 py-3">
      <PageLink href={query.cursor ? firstPageHref(query) : null}>
        <ChevronsLeft aria-hidden="true" /> First page
      </PageLink>
      <PageLink href={previous}>
        <ChevronLeft aria-hidden="true" /> Previous
      </PageLink>
      <PageLink href={nextCursor ? nextPageHref(query, nextCursor) : null}>
        Next <ChevronRight aria-hidden="true" />
      </PageLink>
    </nav>
  );
}

/** A link when it leads somewhere, otherwise the same label shown as unavailable. */
function PageLink({ href, children }: { href: string | null; children: React.ReactNode }) {
  if (!href) {
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to={href} prefetch="intent">
        {children}
      </Link>
    </Button>
  );
}
