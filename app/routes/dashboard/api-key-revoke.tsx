import { Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from "react-router";
import type { Route } from "./+types/api-key-revoke";
import { mapNotFound } from "#app/http/map-not-found.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getWriteKey, revokeWriteKey } from "#server/write-keys/write-keys.ts";

export const meta: Route.MetaFunction = () => [{ title: "Revoke API key · Murmur" }];

const KEYS_PATH = "/dashboard/settings/api-keys";

export const loader = mapNotFound(async ({ params, context }: Route.LoaderArgs) => {
  const { team } = context.get(sessionContext);
  const key = await getWriteKey(getDb(), { teamId: team.id, keyId: params.id });
  return { key: { id: key.id, name: key.name, prefix: key.prefix } };
});

export const action = mapNotFound(async ({ params, context }: Route.ActionArgs) => {
  const { team } = context.get(sessionContext);
  await revokeWriteKey(getDb(), { teamId: team.id, keyId: params.id });
  const toast = await flashToasts({ type: "success", title: "Success", description: "API key revoked successfully" });
  return redirect(KEYS_PATH, { headers: { "Set-Cookie": toast } });
});

export default function RevokeApiKey({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const revoking = navigation.state === "submitting";
  return (
    <RouteDialog
      title="Revoke this API key?"
      description={
        <>
          <span className="font-medium text-foreground">{loaderData.key.name}</span> ({loaderData.key.prefix}…) will
          stop working at once: events sent with it are refused.
        </>
      }
      closeTo={KEYS_PATH}
    >
      <Form
        method="post"
        action={`${KEYS_PATH}/${loaderData.key.id}/revoke`}
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
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

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <RouteDialog
      title={notFound ? "API key not found" : "Error"}
      description={notFound ? "This key does not exist." : "Something went wrong on our side. Please try again."}
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
