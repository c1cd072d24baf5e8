import { Form, useSearchParams } from "react-router";
import type { PropertySection } from "#server/analytics/property-section.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { countFormat } from "./format.ts";

/** The page's other parameters, carried by the picker's GET form so choosing a property keeps them. */
const KEPT = ["range", "from", "to", "channel", "campaignId", "sort"];

/**
 * A picker of the charted events' properties (a plain GET form, so it works without
 * JavaScript) and the chosen property's most frequent values in the range.
 */
export function PropertyValues({ section, events }: { section: PropertySection; events: string[] }) {
  const [search] = useSearchParams();
  if (section.properties.length === 0 && !section.property) return null;
  const total = section.values.reduce((sum, row) => sum + row.events, 0);
  return (
    <div className="flex flex-col gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Property values">
        {KEPT.map((key) =>
          search.get(key) ? <input key={key} type="hidden" name={key} value={search.get(key)!} /> : null,
        )}
        {search.getAll("event").map((name) => (
          <input key={name} type="hidden" name="event" value={name} />
        ))}
        <div className="flex flex-col gap-1">
          <Label htmlFor="property-picker">Property</Label>
          <NativeSelect id="property-picker" name="property" defaultValue={section.property ?? ""}>
            <option value="">Choose a property</option>
            {section.properties.map((property) => (
              <option key={property} value={property}>
                {property}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" size="sm">
          Show values
        </Button>
      </Form>
      {section.property ? (
        section.values.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No values of {section.property} for {events.join(", ")} in this range.
          </p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="property-values">
            <caption className="pb-2 text-left text-sm text-muted-foreground">
              Top values of {section.property} for {events.join(", ")}
            </caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Value
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Events
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {section.values.map((row) => (
                <tr key={row.value ?? "\u0000other"} className="border-t">
                  <th scope="row" className="py-2 font-normal break-all">
                    {row.value ?? <span className="text-muted-foreground">(other)</span>}
                  </th>
                  <td className="py-2 text-right tabular-nums">{countFormat.format(row.events)}</td>
                  <td className="py-2 text-right tabular-nums">
                    {total ? `${((row.events / total) * 100).toFixed(1)}%` : "0.0%"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </div>
  );
}
