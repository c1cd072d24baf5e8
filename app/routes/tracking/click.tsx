import { data, redirect } from "react-router";
import type { Route } from "./+types/click";
import { StatusPage } from "#app/components/status-page.tsx";
import { getDb } from "#db/database.ts";
import { clientOf } from "#app/http/context.ts";
import { log } from "#server/log.ts";
import { getTrackingKey } from "#server/tracking/key.ts";
import { recordClick } from "#server/tracking/record-hit.ts";
import { readClickToken } from "#server/tracking/tokens.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? "Link expired · Murmur" : "Link not found · Murmur" },
  { name: "robots", content: "noindex" },
];

// Referrer-Policy: no-referrer for every /t/ answer comes from server/http/security-headers.ts.
const HEADERS = { "Cache-Control": "no-store" };

// A page answer takes its headers from here, not from the loader's `data()`.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * A tracked link: records the click and redirects to the URL that the signed token
 * says was in the message, while that message's delivery is on record. A token
 * Murmur did not sign, for any delivery or link, is a 404.
 *
 * Once the delivery is gone (campaign deleted, contact erased) nothing vouches for
 * the link any more, and a redirect would make this server an open redirect for
 * whoever kept an old token: the answer is a 410 page that shows the destination as
 * text beside a plain link, so a reader can still choose to go there.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const target = readClickToken(await getTrackingKey(db), params.token);
  if (!target) return data(null, { status: 404, headers: HEADERS });
  const onRecord = await recordClick(db, { ...target, ...clientOf(request, context), method: request.method }).catch(
    (error: unknown) => {
      // Whether the delivery exists is unknown: the page below, not a redirect.
      log.error({ err: error }, "recording a click failed");
      return false;
    },
  );
  if (!onRecord) return data({ destination: target.url }, { status: 410, headers: HEADERS });
  return redirect(target.url, { status: 302, headers: HEADERS });
}

export default function TrackedLink({ loaderData }: Route.ComponentProps) {
  if (!loaderData) {
    return (
      <StatusPage status={404} title="Link not found">
        <p className="text-muted-foreground">
          This link is not valid. It may have been cut short: open it again from the message.
        </p>
      </StatusPage>
    );
  }
  return (
    <StatusPage status={410} title="This link has expired">
      <p className="text-muted-foreground">
        The message it came from is no longer on record, so Murmur cannot vouch for where it leads. It points to:
      </p>
      <p className="break-all rounded bg-muted px-3 py-2 font-mono text-sm">{loaderData.destination}</p>
      <p className="text-muted-foreground">Follow it only if you trust the sender and this address.</p>
      <p>
        <a
          href={loaderData.destination}
          rel="noopener noreferrer nofollow"
          className="font-medium underline underline-offset-4"
        >
          Go to this address
        </a>
      </p>
    </StatusPage>
  );
}
