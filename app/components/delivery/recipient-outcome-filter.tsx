import { Download } from "lucide-react";
import { Link } from "react-router";
import type { RecipientOutcome } from "#server/delivery/recipient-outcomes.ts";
import { Button } from "#app/components/ui/button.tsx";

/** How each outcome reads in the filter, in the order the filter offers them. */
export const OUTCOME_LABELS: Record<RecipientOutcome, string> = {
  opened: "Opened",
  clicked: "Clicked",
  bounced: "Bounced",
  unsubscribed: "Unsubscribed",
  failed: "Failed",
  not_opened: "Not opened",
  held_back: "Held back by frequency cap",
};

/**
 * The recipients list's outcome filter as plain GET links (works without JavaScript,
 * bookmarkable); choosing one starts the list at its first page. Beside it, the
 * export of exactly the list shown.
 */
export function RecipientOutcomeFilter({ pathname, outcome }: { pathname: string; outcome: RecipientOutcome | null }) {
  const choices: [RecipientOutcome | null, string][] = [
    [null, "All"],
    ...(Object.entries(OUTCOME_LABELS) as [RecipientOutcome, string][]),
  ];
  const exportHref = `${pathname}/recipients.csv${outcome ? `?outcome=${outcome}` : ""}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <nav aria-label="Filter recipients by outcome" className="flex flex-wrap gap-1">
        {choices.map(([value, label]) => (
          <Button key={label} variant={value === outcome ? "default" : "outline"} size="sm" asChild>
            <Link
              to={value ? `${pathname}?outcome=${value}` : pathname}
              aria-current={value === outcome ? "page" : undefined}
              preventScrollReset
            >
              {label}
            </Link>
          </Button>
        ))}
      </nav>
      <Button variant="outline" size="sm" asChild>
        <a href={exportHref} download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </Button>
    </div>
  );
}
