import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getDb } from "#db/database.ts";
import { revokeSession } from "#server/auth/sessions.ts";
import { endSessionCookie, readSessionToken } from "#app/http/session.ts";
import { flashToasts } from "#app/http/toast.ts";

// Signing out changes state, so it is a POST only; a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const token = await readSessionToken(request);
  if (token) await revokeSession(getDb(), token);
  const headers = new Headers();
  headers.append("Set-Cookie", await endSessionCookie());
  headers.append("Set-Cookie", await flashToasts({ type: "success", title: "Signed out" }));
  return redirect("/", { headers });
}
