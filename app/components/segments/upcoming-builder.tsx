import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { segmentsPath } from "./segment-tabs-config.ts";

/**
 * What a segment builder that is not built yet says: plainly that it comes
 * later, and the two ways to make a segment today.
 */
export function UpcomingBuilder({ icon: Icon, what }: { icon: LucideIcon; what: string }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="font-medium">{what} is coming in a later release.</p>
      <p className="max-w-md text-sm text-muted-foreground">
        Meanwhile, build segments from a{" "}
        <Link to={segmentsPath("csv")} preventScrollReset className="font-medium text-primary underline-offset-4 hover:underline">
          CSV upload
        </Link>{" "}
        or from a selection on the{" "}
        <Link to="/dashboard/contacts" className="font-medium text-primary underline-offset-4 hover:underline">
          Contacts page
        </Link>
        .
      </p>
    </div>
  );
}
