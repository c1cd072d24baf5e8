import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { data, Link, Outlet } from "react-router";
import type { Route } from "./+types/api-keys";
import { CreateKeyForm } from "#app/components/api-keys/create-key-form.tsx";
import { KeysTable } from "#app/components/api-keys/keys-table.tsx";
import { NewKeyNotice } from "#app/components/api-keys/new-key-notice.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import type { Toast } from "#app/http/toast.ts";
import { CreateWriteKeySchema } from "#shared/write-keys/schemas.ts";
import { createWriteKey, listWriteKeys } from "#server/write-keys/write-keys.ts";

export const meta: Route.MetaFunction = () => [{ title: "API keys · Murmur" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const keys = await listWriteKeys(getDb(), { teamId: team.id });
  return {
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      kind: k.kind,
      prefix: k.prefix,
      createdAt: k.createdAt.toISOString(),
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
    // Where SDKs should send events: this server, as the browser reached it (or the configured public address).
    host: process.env.APP_URL ?? new URL(request.url).origin,
  };
}

// No redirect after creating: the key is in this one answer and nowhere else.
export async function action({ request, context }: Route.ActionArgs) {
  const { team } = context.get(sessionContext);
  const submission = parseWithZod(await request.formData(), { schema: CreateWriteKeySchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), created: null, toasts: [] }, { status: 400 });
  const created = await createWriteKey(getDb(), { teamId: team.id, ...submission.value });
  const toast: Toast = { type: "success", title: "Success", description: "API key created successfully" };
  return data(
    {
      result: submission.reply({ resetForm: true }),
      created: { name: created.name, kind: created.kind, key: created.key },
      toasts: [toast],
    },
    { status: 201 },
  );
}

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const created = actionData?.created;
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
      {/* The open revoke dialog: a modal with JavaScript, a card here without it. */}
      <Outlet />
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
          <CreateKeyForm lastResult={actionData?.result} />
        </CardContent>
      </Card>
      <section aria-labelledby="keys-heading" className="flex flex-col gap-4">
        <h2 id="keys-heading" className="text-lg font-semibold">
          Your keys
        </h2>
        {loaderData.keys.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API keys yet. Create one to start sending events." />
        ) : (
          <KeysTable keys={loaderData.keys} />
        )}
      </section>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
