import { Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { SegmentId } from "./segment-id.tsx";
import { segmentsPath, type SegmentTab } from "./segment-tabs-config.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

/** contactCount is null when the server could not count the segment in time. */
export type SegmentCardData = { id: string; name: string; kind: string; contactCount: number | null };

// A fixed locale, so the server's HTML and the browser's render agree on the separators.
const count = new Intl.NumberFormat("en-US");

const KIND_LABELS: Record<string, string> = { static: "Static", filter: "Filter" };

/** One segment in the grid: what it is called, how many contacts it holds, and what can be done with it. */
export function SegmentCard({ segment, tab }: { segment: SegmentCardData; tab: SegmentTab }) {
  const titleId = useId();
  return (
    <Card className="flex h-full flex-col gap-4 p-5" aria-labelledby={titleId} role="article">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 font-semibold break-words">
          {segment.name}
        </h3>
        <Badge variant={segment.kind === "filter" ? "secondary" : "outline"}>{KIND_LABELS[segment.kind] ?? segment.kind}</Badge>
      </div>
      <div className="flex flex-col gap-1">
        <SegmentId id={segment.id} />
        <p className="text-sm">
          Contacts:{" "}
          {segment.contactCount === null ? (
            // The spec's card text, kept for a count that took too long; the reason for those who ask.
            <span className="font-medium" title="Not counted: counting took too long. Reload the page to try again.">
              —<span className="sr-only"> (not counted: counting took too long)</span>
            </span>
          ) : (
            <span className="font-medium tabular-nums">{count.format(segment.contactCount)}</span>
          )}
        </p>
      </div>
      <div className="mt-auto flex gap-2">
        <Button variant="outline" size="sm" asChild>
          {/* A filter segment is edited in the builder it was made in; a static one is renamed in a dialog. */}
          <Link
            to={segment.kind === "filter" ? segmentsPath("filters", "", { segment: segment.id }) : segmentsPath(tab, `${segment.id}/edit`)}
            preventScrollReset
          >
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {segment.name}</span>
          </Link>
        </Button>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" asChild>
          <Link to={segmentsPath(tab, `${segment.id}/delete`)} preventScrollReset>
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {segment.name}</span>
          </Link>
        </Button>
      </div>
    </Card>
  );
}
