import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { data, Link, Outlet } from "react-router";
import type { Route } from "./+types/api-keys";
import { CreateKeyForm } from "#app/components/api-keys/create-key-form.tsx";
import { KeysTable } from "#app/components/api-keys/keys-table.tsx";
import { ApiKeysTable } from "#app/components/api-keys/api-keys-table.tsx";
import { CreateApiKeyForm } from "#app/components/api-keys/create-api-key-form.tsx";
import { NewApiKeyNotice } from "#app/components/api-keys/new-api-key-notice.tsx";
import { NewKeyNotice } from "#app/components/api-keys/new-key-notice.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { requireAccess } from "#app/http/access.ts";
import type { Toast } from "#app/http/toast.ts";
import { CreateWriteKeySchema } from "#shared/write-keys/schemas.ts";
import { createWriteKey, listWriteKeys } from "#server/write-keys/write-keys.ts";
import { createApiKey, listApiKeys } from "#server/api-keys/api-keys.ts";
import { can, forbiddenMessage } from "#server/teams/permissions.ts";
import { CreateApiKeySchema } from "#shared/api-keys/schemas.ts";

export const meta: Route.MetaFunction = () => [{ title: "API keys · Murmur" }];

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const session = context.get(sessionContext);
  const access = requireAccess(session, "api-keys.read");
  const [writeKeys, apiKeys] = await Promise.all([
    listWriteKeys(getDb(), { access }),
    listApiKeys(getDb(), { access }),
  ]);
  return {
    keys: writeKeys.map((k) => ({
      id: k.id,
      name: k.name,
      kind: k.kind,
      prefix: k.prefix,
      createdAt: k.createdAt.toISOString(),
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
    apiKeys: apiKeys.map((k) => ({
      id: k.id,
      name: k.name,
      role: k.role,
      prefix: k.prefix,
      createdBy: k.createdBy,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
    // The session's role decides what the page offers; the actions check again.
    canManage: can(session.team.role, "api-keys.manage"),
    refusal: forbiddenMessage(session.team.role, "api-keys.manage"),
    // Where SDKs should send events: this server, as the browser reached it (or the configured public address).
    host: process.env.APP_URL ?? new URL(request.url).origin,
  };
});

// No redirect after creating: the key is in this one answer and nowhere else.
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "api-keys.manage");
  const formData = await request.formData();
  const toast: Toast = { type: "success", title: "Success", description: "API key created successfully" };
  if (formData.get("intent") === "create-api-key") {
    const submission = parseWithZod(formData, { schema: CreateApiKeySchema });
    if (submission.status !== "success")
      return data(
        { form: "api-key", result: submission.reply(), created: null, createdApiKey: null, toasts: [] },
        { status: 400 },
      );
    const created = await createApiKey(getDb(), { access, ...submission.value });
    return data(
      {
        form: "api-key",
        result: submission.reply({ resetForm: true }),
        created: null,
        createdApiKey: { name: created.name, role: created.role, key: created.key },
        toasts: [toast],
      },
      { status: 201 },
    );
  }
  const submission = parseWithZod(formData, { schema: CreateWriteKeySchema });
  if (submission.status !== "success")
    return data(
      { form: "write-key", result: submission.reply(), created: null, createdApiKey: null, toasts: [] },
      { status: 400 },
    );
  const created = await createWriteKey(getDb(), { access, ...submission.value });
  return data(
    {
      form: "write-key",
      result: submission.reply({ resetForm: true }),
      created: { name: created.name, kind: created.kind, key: created.key },
      createdApiKey: null,
      toasts: [toast],
    },
    { status: 201 },
  );
});

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const created = actionData?.created;
  const createdApiKey = actionData?.createdApiKey;
  const { canManage } = loaderData;
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Write keys let your product send events to Murmur&apos;s tracking API; every call is in the{" "}
            <Link to="/docs/api" className="underline underline-offset-4">
              API reference
            </Link>
            .{" "}
            <Link to="/dashboard/settings" className="underline underline-offset-4">
              Back to settings
            </Link>
          </>
        }
      />
      {created ? <NewKeyNotice name={created.name} keyValue={created.key} host={loaderData.host} /> : null}
      {createdApiKey ? (
        <NewApiKeyNotice name={createdApiKey.name} keyValue={createdApiKey.key} host={loaderData.host} />
      ) : null}
      {canManage ? null : (
        <p className="mb-6 rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
          {loaderData.refusal} Ask an Owner or Admin.
        </p>
      )}
      {/* The open revoke dialog: a modal with JavaScript, a card here without it. */}
      <Outlet />
      {canManage ? (
        <Card className="mb-8">
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Create a key
            </CardTitle>
            <CardDescription>
              Name it after where it will be used, so you know which one to revoke, and say whether it goes into code
              anyone can read.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CreateKeyForm lastResult={actionData?.form === "write-key" ? actionData.result : undefined} />
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="keys-heading" className="flex flex-col gap-4">
        <h2 id="keys-heading" className="text-lg font-semibold">
          Your keys
        </h2>
        {loaderData.keys.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API keys yet. Create one to start sending events." />
        ) : (
          <KeysTable keys={loaderData.keys} canManage={canManage} />
        )}
      </section>
      <section aria-labelledby="api-keys-heading" className="mt-10 flex flex-col gap-4">
        <h2 id="api-keys-heading" className="text-lg font-semibold">
          API keys for the JSON API
        </h2>
        <p className="text-sm text-muted-foreground">
          A long-lived key for another system to call Murmur&apos;s JSON API as{" "}
          <code className="font-mono">Authorization: Bearer</code>, with the role you give it.
        </p>
        {canManage ? (
          <Card>
            <CardHeader>
              <CardTitle as="h3" className="text-base">
                Create an API key
              </CardTitle>
              <CardDescription>Give it the least role it needs; it can never be an Owner.</CardDescription>
            </CardHeader>
            <CardContent>
              <CreateApiKeyForm lastResult={actionData?.form === "api-key" ? actionData.result : undefined} />
            </CardContent>
          </Card>
        ) : null}
        {loaderData.apiKeys.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API keys for the JSON API yet." />
        ) : (
          <ApiKeysTable keys={loaderData.apiKeys} canManage={canManage} />
        )}
      </section>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
