import { useState } from "react";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

type SegmentPickerProps = {
  name: string;
  /** The campaign's segments in the order they were chosen (or as last posted). */
  initialIds: string[];
  segments: { id: string; name: string }[];
  errorId: string;
  errors?: string[];
};

/**
 * The campaign's segments, each ticked once. Order matters: the first is the one the
 * campaign list shows. A form posts checkboxes in page order, so the chosen ones are
 * listed first, in their order, and a new tick comes after them. With JavaScript the
 * order is the order of the ticks, posted through hidden fields.
 */
export function SegmentPicker({ name, initialIds, segments, errorId, errors }: SegmentPickerProps) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string[]>(initialIds);
  const byId = new Map(segments.map((segment) => [segment.id, segment]));
  const listed = [
    ...initialIds.flatMap((id) => byId.get(id) ?? []),
    ...segments.filter((segment) => !initialIds.includes(segment.id)),
  ];
  const first = hydrated ? chosen[0] : initialIds.find((id) => byId.has(id));

  const toggle = (id: string, checked: boolean) =>
    setChosen((ids) => (checked ? [...ids.filter((one) => one !== id), id] : ids.filter((one) => one !== id)));

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium">Segments</legend>
      {segments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No segments yet: the campaign goes to All Users.</p>
      ) : (
        <ul className="flex max-h-40 flex-col gap-2 overflow-y-auto rounded-md border p-3">
          {listed.map((segment) => (
            <li key={segment.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={hydrated ? undefined : name}
                  value={segment.id}
                  defaultChecked={initialIds.includes(segment.id)}
                  onChange={(event) => toggle(segment.id, event.currentTarget.checked)}
                  className="size-4"
                />
                <span className="break-words">{segment.name}</span>
                {segment.id === first ? (
                  <span className="text-xs text-muted-foreground">(shown in the list)</span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      {hydrated ? chosen.map((id) => <input key={id} type="hidden" name={name} value={id} />) : null}
      <p className="text-xs text-muted-foreground">
        None ticked means All Users. The first ticked is the one the list shows.
      </p>
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
