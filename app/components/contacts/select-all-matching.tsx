import { Button } from "#app/components/ui/button.tsx";
import { contactsCountText, formatCount } from "./contacts-query.ts";
import type { PageSelectionState } from "./use-contact-selection.ts";

type Matching = { total: number; capped: boolean; onPage: number };

/**
 * With JavaScript: once every row of the page is ticked and more contacts match,
 * offers to take all of them, the way a mail client does.
 */
export function SelectAllMatchingNotice({
  matching,
  pageState,
  allMatching,
  onSelectAllMatching,
  onClear,
}: {
  matching: Matching;
  pageState: PageSelectionState;
  allMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  if (pageState !== "all" || matching.total <= matching.onPage) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-b bg-muted/40 px-4 py-2 text-sm"
    >
      {allMatching ? (
        <>
          <span>All {contactsCountText(matching.total, matching.capped)} matching your filters are selected.</span>
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onClear}>
            Clear selection
          </Button>
        </>
      ) : (
        <>
          <span>All {contactsCountText(matching.onPage)} on this page are selected.</span>
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onSelectAllMatching}>
            Select all {formatCount(matching.total, matching.capped)} matching
          </Button>
        </>
      )}
      {allMatching ? <input type="hidden" name="selectAllMatching" value="on" /> : null}
    </div>
  );
}

/** Without JavaScript: the same choice as a checkbox posted with the ticked rows. */
export function SelectAllMatchingCheckbox({ matching }: { matching: Matching }) {
  if (matching.total <= matching.onPage) return null;
  return (
    <div className="flex items-center justify-center gap-2 border-b bg-muted/40 px-4 py-2 text-sm">
      <input id="select-all-matching" type="checkbox" name="selectAllMatching" className="size-4 accent-primary" />
      <label htmlFor="select-all-matching">Select all {formatCount(matching.total, matching.capped)} matching</label>
    </div>
  );
}
