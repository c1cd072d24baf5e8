import { Layers, LoaderCircle, Upload, Users } from "#app/components/ui/icons.ts";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { cn } from "#app/lib/cn.ts";
import { ContactsPagination } from "./contacts-pagination.tsx";
import { type ContactsQuery, contactsCountText, contactsHref, formatCount, isFiltered } from "./contacts-query.ts";
import { type ContactView, ContactsTable, SelectPageCheckbox, SelectPageLink } from "./contacts-table.tsx";
import { NewSegmentDialog } from "./new-segment-dialog.tsx";
import { NEW_SEGMENT_ACTION } from "./new-segment-form.tsx";
import { SelectAllMatchingCheckbox, SelectAllMatchingNotice } from "./select-all-matching.tsx";
import { useContactSelection } from "./use-contact-selection.ts";
import { useAbility } from "#app/components/dashboard/use-ability.ts";

export type ContactsPageData = {
  query: ContactsQuery;
  contacts: ContactView[];
  nextCursor: string | null;
  total: number;
  capped: boolean;
};

const SELECTION_FORM_ID = "contacts-selection";

/**
 * One page of contacts and what can be done with a selection of them. The rows sit
 * in a POST form aimed at /dashboard/contacts/new-segment, so without JavaScript the
 * ticked ids go there and the name is asked on that page; with JavaScript the same
 * button opens a dialog instead. The page remounts this on every navigation.
 */
export function ContactsList({ data }: { data: ContactsPageData }) {
  const { query, contacts, total, capped } = data;
  const hydrated = useHydrated();
  const loading = useContactsLoading();
  const selection = useContactSelection(
    contacts.map((contact) => contact.id),
    query.selectPage,
  );
  const [dialogOpen, setDialogOpen] = useState(false);
  const matching = { total, capped, onPage: contacts.length };
  const selectedCount = selection.allMatching ? total : selection.selected.size;
  const write = useAbility("segments.write");

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b px-4 py-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <span className="font-medium text-foreground">{contactsCountText(total, capped)}</span>
          {/* Said in words: a "+" alone is easy to miss (docs/decisions/012-contacts-search.md). */}
          {capped ? <span> · searches and filters count up to {formatCount(total)}</span> : null}
          {hydrated && selectedCount > 0 ? (
            <span> · {selection.allMatching ? "all matching" : selectedCount} selected</span>
          ) : null}
        </p>
        <Button
          form={SELECTION_FORM_ID}
          type={hydrated ? "button" : "submit"}
          name="intent"
          value="choose"
          size="sm"
          disabled={!write.allowed || (hydrated && selectedCount === 0)}
          title={write.reason ?? undefined}
          onClick={hydrated ? () => setDialogOpen(true) : undefined}
        >
          <Layers aria-hidden="true" /> Create Segment from selection
        </Button>
        {write.reason ? <p className="w-full text-right text-xs text-muted-foreground">{write.reason}</p> : null}
      </div>
      <Form
        id={SELECTION_FORM_ID}
        method="post"
        action={NEW_SEGMENT_ACTION}
        aria-busy={loading}
        className={cn(loading && "opacity-60")}
      >
        <input type="hidden" name="search" value={query.search} />
        <input type="hidden" name="hasPhone" value={query.hasPhone} />
        {hydrated ? (
          <SelectAllMatchingNotice
            matching={matching}
            pageState={selection.pageState}
            allMatching={selection.allMatching}
            onSelectAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
          />
        ) : (
          <SelectAllMatchingCheckbox matching={matching} />
        )}
        <ContactsTable
          contacts={contacts}
          initiallyChecked={query.selectPage}
          selected={selection.selected}
          onSelect={selection.select}
          header={
            contacts.length === 0 ? null : hydrated ? (
              <SelectPageCheckbox state={selection.pageState} onChange={selection.togglePage} />
            ) : (
              <SelectPageLink
                href={contactsHref({ ...query, selectPage: !query.selectPage })}
                allSelected={query.selectPage}
              />
            )
          }
          empty={<NoContacts showImport={total === 0 && !isFiltered(query) && !query.cursor} />}
        />
      </Form>
      <ContactsPagination query={query} nextCursor={data.nextCursor} />
      {loading ? <LoadingContacts /> : null}
      {hydrated ? (
        <NewSegmentDialog
          open={dialogOpen && selectedCount > 0}
          onOpenChange={setDialogOpen}
          selection={{
            contactIds: [...selection.selected],
            selectAllMatching: selection.allMatching,
            search: query.search,
            hasPhone: query.hasPhone,
            count: selectedCount,
            capped: selection.allMatching && capped,
          }}
        />
      ) : null}
    </>
  );
}

/** The spec's empty text; a team with no contacts at all is also shown where they come from. */
function NoContacts({ showImport }: { showImport: boolean }) {
  const imports = useAbility("imports.write");
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Users className="size-6 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="font-medium">No contacts match your filters.</p>
      {showImport && imports.allowed ? (
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard/segments?tab=csv">
            <Upload aria-hidden="true" /> Import contacts
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

/** Pinned to the viewport, so it is seen whether the person clicked a filter at the top or Next at the bottom. */
function LoadingContacts() {
  return (
    <p
      role="status"
      className="fixed bottom-6 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full border bg-popover px-4 py-2 text-sm text-popover-foreground shadow-lg"
    >
      <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />
      Loading contacts...
    </p>
  );
}

/** True while the router fetches a new page of this list (a filter, Next, Previous). */
function useContactsLoading(): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === "/dashboard/contacts";
}
