import { Search } from "#app/components/ui/icons.ts";
import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  type ContactsFilter,
  contactsHref,
  HAS_PHONE_OPTIONS,
  readContactsQuery,
  SEARCH_MAX_LENGTH,
} from "./contacts-query.ts";

/** Long enough to let someone finish a word, short enough to feel live. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box and the Has phone control, as a GET form: the filters live in the
 * URL, work without JavaScript (Enter or Apply) and can be bookmarked. With
 * JavaScript the list follows as the person types, replacing the history entry
 * rather than adding one per keystroke. A new filter always starts at the first page.
 */
export function ContactsFilters({ filter }: { filter: ContactsFilter }) {
  const hydrated = useHydrated();
  const submitFilters = useDebouncedSubmit();
  const formRef = useFilterFormSync(filter);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/dashboard/contacts"
      role="search"
      aria-label="Filter contacts"
      className="flex flex-wrap items-end gap-4"
      onChange={(event) =>
        submitFilters(event.currentTarget, event.target instanceof HTMLInputElement && event.target.type === "search")
      }
    >
      <div className="flex min-w-56 flex-1 flex-col gap-2">
        <label htmlFor="contacts-search" className="text-sm font-medium">
          Search contacts
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="contacts-search"
            type="search"
            name="search"
            defaultValue={filter.search}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Name, email or phone"
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <HasPhoneToggle value={filter.hasPhone} />
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      )}
    </Form>
  );
}

/** Any, Yes, No as a segmented control made of real radio buttons, so it needs no script. */
function HasPhoneToggle({ value }: { value: ContactsFilter["hasPhone"] }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Has phone</legend>
      <div className="inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground">
        {HAS_PHONE_OPTIONS.map((option) => (
          <label
            key={option.value}
            className="relative rounded-sm px-3 py-1.5 text-sm font-medium transition-colors select-none hover:text-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            {/* Invisible but covering its label, so it is the real, clickable control. */}
            <input
              type="radio"
              name="hasPhone"
              value={option.value}
              defaultChecked={option.value === value}
              className="absolute inset-0 cursor-pointer appearance-none opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The fields are uncontrolled so typing is never interrupted; when the URL changes
 * some other way (Back, a link) they are brought in line, except a search box the
 * person is typing in.
 */
function useFilterFormSync(filter: ContactsFilter) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const search = ref.current?.elements.namedItem("search");
    if (search instanceof HTMLInputElement && document.activeElement !== search) search.value = filter.search;
    const hasPhone = ref.current?.elements.namedItem("hasPhone");
    if (hasPhone instanceof RadioNodeList) hasPhone.value = filter.hasPhone;
  }, [filter.search, filter.hasPhone]);
  return ref;
}

/**
 * Applies a filter form after a pause in typing, or at once for a click on a choice.
 * It navigates to the canonical URL rather than submitting, so defaults stay out of it.
 */
function useDebouncedSubmit() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (form: HTMLFormElement, typing: boolean) => {
    clearTimeout(timer.current);
    const data = new FormData(form);
    const params = new URLSearchParams({
      search: String(data.get("search") ?? ""),
      hasPhone: String(data.get("hasPhone") ?? ""),
    });
    const href = contactsHref(readContactsQuery(params));
    timer.current = setTimeout(
      () => navigate(href, { replace: true, preventScrollReset: true }),
      typing ? SEARCH_DEBOUNCE_MS : 0,
    );
  };
}
