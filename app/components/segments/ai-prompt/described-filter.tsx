import type { DescribedGroup } from "#server/segments/filter/describe.ts";

/** The filter as sentences: one per condition, groups nested and joined by their and/or. */
export function DescribedFilter({ group }: { group: DescribedGroup }) {
  if (group.items.length === 0) return <p className="text-sm">All contacts: no condition narrows them down.</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label={group.combinator === "and" ? "All of" : "Any of"}>
      {group.items.map((item, i) => (
        <li key={i} className="flex flex-col gap-1">
          {i > 0 ? (
            <span className="text-xs font-medium uppercase text-muted-foreground">{group.combinator}</span>
          ) : null}
          {item.kind === "condition" ? (
            <span className="w-fit rounded-md bg-muted px-2 py-1">{item.text}</span>
          ) : (
            <div className="border-l-2 pl-3">
              <DescribedFilter group={item.group} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
