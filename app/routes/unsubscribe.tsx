import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { unsubscribeByToken, unsubscribeView } from "#server/tracking/unsubscribe-page.ts";

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "no-store" };

// A page answer takes its headers from here, not from the loader's `data()`.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` to the URL of
 * the List-Unsubscribe header. It gets a plain 200, no page and no redirect.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params }, next) => {
    if (request.method !== "POST") return next();
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    if (form?.get("List-Unsubscribe") !== "One-Click") return next();
    await unsubscribeByToken(getDb(), {
      token: params.token,
      source: "one_click",
      userAgent: request.headers.get("User-Agent"),
    });
    return new Response(null, { status: 200, headers: NO_STORE });
  },
];

export async function loader({ params }: Route.LoaderArgs) {
  const view = await unsubscribeView(getDb(), params.token);
  return data(view, { status: view.state === "invalid" ? 404 : 200, headers: NO_STORE });
}

/** The page's one button: unsubscribes, then shows the page again, now confirming it (post/redirect/get). */
export async function action({ request, params }: Route.ActionArgs) {
  const view = await unsubscribeByToken(getDb(), {
    token: params.token,
    source: "link",
    userAgent: request.headers.get("User-Agent"),
  });
  if (view.state === "invalid") return data(view, { status: 404 });
  return redirect(`/u/${params.token}`, 303);
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        {view.state === "invalid" ? (
          <CardHeader>
            <CardTitle as="h1">This unsubscribe link is not valid</CardTitle>
            <CardDescription>
              It may have been cut short. Open it again from the message, or reply to the sender and ask to be removed.
            </CardDescription>
          </CardHeader>
        ) : view.state === "done" ? (
          <CardHeader>
            <CardTitle as="h1">You are unsubscribed</CardTitle>
            <CardDescription>
              {view.teamName} will not send you any more {view.messages}
              {view.address ? ` at ${view.address}` : ""}.
            </CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader>
              <CardTitle as="h1">Unsubscribe from {view.teamName}</CardTitle>
              <CardDescription>
                Stop receiving {view.messages} from {view.teamName}
                {view.address ? ` at ${view.address}` : ""}?
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post">
                <Button type="submit" className="w-full">
                  Unsubscribe
                </Button>
              </Form>
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
