import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/click";
import { Logo } from "../../components/logo.tsx";
import { getDb } from "../../../db/database.ts";
import { clientOf } from "../../../server/http/context.ts";
import { log } from "../../../server/log.ts";
import { getTrackingKey } from "../../../server/tracking/key.ts";
import { recordClick } from "../../../server/tracking/record-hit.ts";
import { readClickToken } from "../../../server/tracking/tokens.ts";

export const meta: Route.MetaFunction = () => [{ title: "Link not found · Murmur" }, { name: "robots", content: "noindex" }];

/**
 * A tracked link: records the click and redirects to the URL that the signed token
 * says was in the message. A token Murmur did not sign, for any delivery or link,
 * is a 404: this is never a redirect to wherever someone likes.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const target = readClickToken(await getTrackingKey(db), params.token);
  if (!target) return data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  try {
    await recordClick(db, { ...target, ...clientOf(request, context), method: request.method });
  } catch (error) {
    // The reader still gets where the link goes; only the count is lost.
    log.error({ err: error }, "recording a click failed");
  }
  return redirect(target.url, { status: 302, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export default function InvalidLink() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-8 text-center">
      <Link to="/" className="flex items-center gap-2 text-lg font-semibold">
        <Logo className="size-7" />
        Murmur
      </Link>
      <div className="flex max-w-md flex-col gap-2">
        <p className="text-sm font-medium text-primary">404</p>
        <h1 className="text-3xl font-semibold tracking-tight">Link not found</h1>
        <p className="text-muted-foreground">This link is not valid. It may have been cut short: open it again from the message.</p>
      </div>
    </main>
  );
}
