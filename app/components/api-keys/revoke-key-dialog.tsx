import { Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { forbiddenMessageOf } from "#app/lib/forbidden-error.ts";

export const KEYS_PATH = "/dashboard/settings/api-keys";

/**
 * The "Revoke this API key?" dialog of Settings → API keys, for a write key or a JSON
 * API key alike: `action` is the revoke route, `consequence` what stops working.
 */
export function RevokeKeyDialog(props: { keyName: string; prefix: string; action: string; consequence: string }) {
  const navigation = useNavigation();
  const revoking = navigation.state === "submitting";
  return (
    <RouteDialog
      title="Revoke this API key?"
      description={
        <>
          <span className="font-medium text-foreground">{props.keyName}</span> ({props.prefix}…) will stop working at
          once: {props.consequence}
        </>
      }
      closeTo={KEYS_PATH}
    >
      <Form method="post" action={props.action} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={KEYS_PATH} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={revoking}>
          {revoking ? "Revoking..." : "Revoke"}
        </Button>
      </Form>
    </RouteDialog>
  );
}

/** What either revoke route shows when its key is not the team's, the role may not, or something broke. */
export function RevokeKeyErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = forbiddenMessageOf(error);
  return (
    <RouteDialog
      title={forbidden ? "Not allowed" : notFound ? "API key not found" : "Error"}
      description={
        forbidden ?? (notFound ? "This key does not exist." : "Something went wrong on our side. Please try again.")
      }
      closeTo={KEYS_PATH}
    >
      <div className="flex justify-end">
        <Button variant="outline" asChild>
          <Link to={KEYS_PATH} preventScrollReset>
            Back to API keys
          </Link>
        </Button>
      </div>
    </RouteDialog>
  );
}
