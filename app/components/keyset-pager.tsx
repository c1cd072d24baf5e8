import { Link, useLocation } from "react-router";
import { pageHref } from "#app/lib/page-cursor.ts";
import { Button } from "./ui/button.tsx";

/**
 * Previous and Next for one keyset list, as GET links carrying the neighbour page's
 * cursor; nothing when the list fits on one page.
 */
export function KeysetPager({
  page,
  label,
  prefix = "",
}: {
  page: { previousCursor: string | null; nextCursor: string | null };
  label: string;
  prefix?: string;
}) {
  const location = useLocation();
  const previous = pageHref(location, { before: page.previousCursor }, prefix);
  const next = pageHref(location, { after: page.nextCursor }, prefix);
  if (!previous && !next) return null;
  return (
    <nav className="flex items-center justify-end gap-2" aria-label={`Pages of ${label}`}>
      {previous ? (
        <Button variant="outline" size="sm" asChild>
          <Link to={previous} preventScrollReset>
            Previous
          </Link>
        </Button>
      ) : null}
      {next ? (
        <Button variant="outline" size="sm" asChild>
          <Link to={next} preventScrollReset>
            Next
          </Link>
        </Button>
      ) : null}
    </nav>
  );
}
