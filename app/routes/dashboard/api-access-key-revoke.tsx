import { redirect } from "react-router";
import type { Route } from "./+types/api-access-key-revoke";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { KEYS_PATH, RevokeKeyDialog, RevokeKeyErrorBoundary } from "#app/components/api-keys/revoke-key-dialog.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getApiKey, revokeApiKey } from "#server/api-keys/api-keys.ts";

export const meta: Route.MetaFunction = () => [{ title: "Revoke API key · Murmur" }];

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
  const { key } = loaderData;
  return (
    <RevokeKeyDialog
      keyName={key.name}
      prefix={key.prefix}
      action={`${KEYS_PATH}/api/${key.id}/revoke`}
      consequence="calls made with it are refused (401)."
    />
  );
}

export function ErrorBoundary() {
  return <RevokeKeyErrorBoundary />;
}
