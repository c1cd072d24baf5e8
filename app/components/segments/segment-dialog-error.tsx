import { isRouteErrorResponse, Link, useRouteError, useSearchParams } from "react-router";
import { parseSegmentTab, segmentsPath } from "./segment-tabs-config.ts";
import { RouteDialog } from "./route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { forbiddenMessageOf } from "#app/lib/forbidden-error.ts";

/**
 * What a segment dialog shows when it cannot open: a segment that is not this
 * team's (or no longer exists) is "not found"; anything else is a plain failure.
 * The list behind it stays, so the user is one click from carrying on.
 */
export function SegmentDialogError({ error, closeTo }: { error: unknown; closeTo: string }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = forbiddenMessageOf(error);
  return (
    <RouteDialog
      title={forbidden ? "Not allowed" : notFound ? "Segment not found" : "Error"}
      description={
        forbidden
          ? forbidden
          : notFound
            ? "This segment does not exist, or it was deleted."
            : "Something went wrong on our side. Please try again."
      }
      closeTo={closeTo}
    >
      <div className="flex justify-end">
        <Button variant="outline" asChild>
          <Link to={closeTo} preventScrollReset>
            Back to segments
          </Link>
        </Button>
      </div>
    </RouteDialog>
  );
}

/** The ErrorBoundary of every segment dialog route: the error, with a way back to the tab it came from. */
export function SegmentDialogErrorBoundary() {
  const [searchParams] = useSearchParams();
  return (
    <SegmentDialogError error={useRouteError()} closeTo={segmentsPath(parseSegmentTab(searchParams.get("tab")))} />
  );
}
