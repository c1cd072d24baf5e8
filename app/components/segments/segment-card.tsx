import { Eraser, Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { SegmentId } from "./segment-id.tsx";
import { segmentsPath, type SegmentTab } from "./segment-tabs-config.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { Card } from "#app/components/ui/card.tsx";

/**
 * The stored count and how long ago it was taken (`countAge`, "2 min ago"): both
 * null while the segment waits for its first count; a null count with an age
 * means it could not be counted then.
 */
export type SegmentCardData = {
  id: string;
  name: string;
  kind: string;
  contactCount: number | null;
  countAge: string | null;
};

// A fixed locale, so the server's HTML and the browser's render agree on the separators.
const count = new Intl.NumberFormat("en-US");

const KIND_LABELS: Record<string, string> = { static: "Static", filter: "Filter" };

/** One segment in the grid: what it is called, how many contacts it holds, and what can be done with it. */
export function SegmentCard({ segment, tab }: { segment: SegmentCardData; tab: SegmentTab }) {
  const titleId = useId();
  const write = useAbility("segments.write");
  const erase = useAbility("contacts.erase-segment");
  return (
    <Card className="flex h-full flex-col gap-4 p-5" aria-labelledby={titleId} role="article">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 font-semibold break-words">
          {segment.name}
        </h3>
        <Badge variant={segment.kind === "filter" ? "secondary" : "outline"}>
          {KIND_LABELS[segment.kind] ?? segment.kind}
        </Badge>
      </div>
      <div className="flex flex-col gap-1">
        <SegmentId id={segment.id} />
        <p className="text-sm">
          Contacts: <ContactCount segment={segment} />
        </p>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        {write.allowed ? (
          <>
            <Button variant="outline" size="sm" asChild>
              {/* A filter segment is edited in the builder it was made in; a static one is renamed in a dialog. */}
              <Link
                to={
                  segment.kind === "filter"
                    ? segmentsPath("filters", "", { segment: segment.id })
                    : segmentsPath(tab, `${segment.id}/edit`)
                }
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
          </>
        ) : null}
        {erase.allowed ? (
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" asChild>
            <Link to={segmentsPath(tab, `${segment.id}/erase`)} preventScrollReset>
              <Eraser aria-hidden="true" />
              Erase contacts<span className="sr-only"> of {segment.name}</span>
            </Link>
          </Button>
        ) : null}
        <CountNow segment={segment} />
      </div>
    </Card>
  );
}

function ContactCount({ segment }: { segment: SegmentCardData }) {
  if (segment.countAge === null) return <span className="font-medium">counting…</span>;
  if (segment.contactCount === null) {
    return (
      // The spec's card text, kept for a segment that could not be counted; the reason for those who ask.
      <span className="font-medium" title="Not counted: counting took too long. Count now to try again.">
        —<span className="sr-only"> (not counted: counting took too long)</span>
        <span className="font-normal text-muted-foreground"> · tried {segment.countAge}</span>
      </span>
    );
  }
  return (
    <>
      <span className="font-medium tabular-nums">{count.format(segment.contactCount)}</span>
      <span className="text-muted-foreground"> · counted {segment.countAge}</span>
    </>
  );
}

// A post back to the page the card is on (its tab and page kept), so it works without JavaScript.
function CountNow({ segment }: { segment: SegmentCardData }) {
  const location = useLocation();
  return (
    <Form method="post" action={`/dashboard/segments/${segment.id}/count${location.search}`} preventScrollReset>
      <Button type="submit" variant="outline" size="sm">
        <RefreshCw aria-hidden="true" />
        Count now<span className="sr-only"> {segment.name}</span>
      </Button>
    </Form>
  );
}
