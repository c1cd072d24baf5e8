import { redirect, replace } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sidebar";
import { readSidebarCollapsed, writeSidebarCollapsed } from "#app/http/preferences.ts";
import { safeRedirectPath } from "#app/http/session.ts";

const CollapsedField = z.enum(["true", "false"]);

// Nothing to show here; a stray visit goes home.
export function loader() {
  return redirect("/");
}

/** Saves whether the side navigation is collapsed (or flips it when not given) and returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const requested = formData.get("collapsed");
  let collapsed: boolean;
  if (requested === null) {
    collapsed = !(await readSidebarCollapsed(request));
  } else {
    const parsed = CollapsedField.safeParse(requested);
    if (!parsed.success) return Response.json({ message: 'collapsed must be "true" or "false".' }, { status: 400 });
    collapsed = parsed.data === "true";
  }
  // replace(): when a fetcher follows this redirect back to the page it is on, no history entry is added.
  return replace(safeRedirectPath(formData.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await writeSidebarCollapsed(collapsed) },
  });
}
