import { Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from "react-router";
import type { Route } from "./+types/api-access-key-revoke";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { forbiddenMessageOf } from "#app/lib/forbidden-error.ts";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getApiKey, revokeApiKey } from "#server/api-keys/api-keys.ts";

export const meta: Route.MetaFunction = () => [{ title: "Revoke API key · Murmur" }];

const KEYS_PATH = "/dashboard/settings/api-keys";

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "api-keys.manage");
  const key = await getApiKey(getDb(), { access, keyId: params.id });
  return { key: { id: key.id, name: key.name, prefix: key.prefix } };
});

export const action = mapRefusals(async ({ params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "api-keys.manage");
  await revokeApiKey(getDb(), { access, keyId: params.id });
  const toast = await flashToasts({ type: "success", title: "Success", description: "API key revoked successfully" });
  return redirect(KEYS_PATH, { headers: { "Set-Cookie": toast } });
});

export default function RevokeApiAccessKey({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const revoking = navigation.state === "submitting";
  return (
    <RouteDialog
      title="Revoke this API key?"
      description={
        <>
          <span className="font-medium text-foreground">{loaderData.key.name}</span> ({loaderData.key.prefix}…) will
          stop working at once: calls made with it are refused (401).
        </>
      }
      closeTo={KEYS_PATH}
    >
      <Form
        method="post"
        action={`${KEYS_PATH}/api/${loaderData.key.id}/revoke`}
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
