import { FlaskConical } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** Shown on every page of a demo team, so demo data is never taken for real data. */
export function DemoBanner() {
  return (
    <section
      aria-label="Demo data"
      className="flex flex-wrap items-center justify-between gap-3 border-b bg-amber-50 px-4 py-2 text-sm text-amber-950 md:px-8 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2">
        <FlaskConical className="size-4" aria-hidden="true" />
        <span>
          <strong className="font-semibold">You are looking at demo data.</strong> Contacts, events and campaigns are
          made up; messages only go to the outbox.
        </span>
      </p>
      <Button asChild size="sm" variant="outline">
        <Link to="/dashboard/demo/delete">Delete demo</Link>
      </Button>
    </section>
  );
}
