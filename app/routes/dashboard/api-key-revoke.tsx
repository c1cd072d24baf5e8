import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from "react-router";
import type { Route } from "./+types/api-key-revoke";
import { RouteDialog } from "../../components/segments/route-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { getDb } from "../../../db/database.ts";
import { sessionContext } from "../../http/context.ts";
import { requireId } from "../../../server/http/params.ts";
import { flashToasts } from "../../http/toast.ts";
import { findWriteKey, revokeWriteKey } from "../../../server/write-keys/write-keys.ts";

export const meta: Route.MetaFunction = () => [{ title: "Revoke API key · Murmur" }];

const KEYS_PATH = "/dashboard/settings/api-keys";

async function requireTeamKey(context: Route.LoaderArgs["context"], id: string | undefined) {
  const { team } = context.get(sessionContext);
  const key = await findWriteKey(getDb(), { teamId: team.id, keyId: requireIdOr404(id) });
  if (!key) throw data("API key not found.", { status: 404 });
  return { team, key };
}

function requireIdOr404(id: string | undefined): string {
  try {
    return requireId(id, "API key not found.");
  } catch {
    throw data("API key not found.", { status: 404 });
  }
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { key } = await requireTeamKey(context, params.id);
  return { key: { id: key.id, name: key.name, prefix: key.prefix } };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { team, key } = await requireTeamKey(context, params.id);
  await revokeWriteKey(getDb(), { teamId: team.id, keyId: key.id });
  const toast = await flashToasts({ type: "success", title: "Success", description: "API key revoked successfully" });
  return redirect(KEYS_PATH, { headers: { "Set-Cookie": toast } });
}

export default function RevokeApiKey({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const revoking = navigation.state === "submitting";
  return (
    <RouteDialog
      title="Revoke this API key?"
      description={
        <>
          <span className="font-medium text-foreground">{loaderData.key.name}</span> ({loaderData.key.prefix}…) will stop
          working at once: events sent with it are refused.
        </>
      }
      closeTo={KEYS_PATH}
    >
      <Form method="post" action={`${KEYS_PATH}/${loaderData.key.id}/revoke`} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
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
