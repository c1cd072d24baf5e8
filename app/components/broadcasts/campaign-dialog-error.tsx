import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { BROADCASTS_PATH } from "./format.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { forbiddenMessageOf } from "#app/lib/forbidden-error.ts";

/** The ErrorBoundary of every campaign dialog route: not found, or a plain failure, with the list still behind it. */
export function CampaignDialogErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = forbiddenMessageOf(error);
  return (
    <RouteDialog
      title={forbidden ? "Not allowed" : notFound ? "Campaign not found" : "Error"}
      description={
        forbidden
          ? forbidden
          : notFound
            ? "This campaign does not exist, or it was deleted."
            : "Something went wrong on our side. Please try again."
      }
      closeTo={BROADCASTS_PATH}
    >
      <div className="flex justify-end">
        <Button variant="outline" asChild>
          <Link to={BROADCASTS_PATH} preventScrollReset>
            Back to broadcasts
          </Link>
        </Button>
      </div>
    </RouteDialog>
  );
}
