import { ChevronRight, ChevronsLeft } from "lucide-react";
import { Link } from "react-router";
import { BROADCASTS_PATH } from "./format.ts";
import { Button } from "#app/components/ui/button.tsx";

/**
 * Keyset paging through the campaign list, with plain links so it works without
 * JavaScript: Older campaigns follows the server's cursor, Newest campaigns goes back
 * to the start. Nothing shows while everything fits on one page.
 */
export function CampaignsPagination({ cursor, nextCursor }: { cursor: string | null; nextCursor: string | null }) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-end gap-2">
      {cursor ? (
        <Button variant="outline" size="sm" asChild>
          <Link to={BROADCASTS_PATH}>
            <ChevronsLeft aria-hidden="true" /> Newest campaigns
          </Link>
        </Button>
      ) : null}
      {nextCursor ? (
        <Button variant="outline" size="sm" asChild>
          <Link to={`${BROADCASTS_PATH}?cursor=${encodeURIComponent(nextCursor)}`}>
            Older campaigns <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </nav>
  );
}
