import { redirect, replace } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/theme";
import { readTheme, writeTheme } from "#app/http/preferences.ts";
import { safeRedirectPath } from "#app/http/session.ts";

const ThemeField = z.enum(["light", "dark"]);

// Nothing to show here; a stray visit goes home.
export function loader() {
  return redirect("/");
}

/** Saves the theme (or flips it when none is given) and returns to the page the form was on. */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const requested = formData.get("theme");
  let theme: z.infer<typeof ThemeField>;
  if (requested === null) {
    theme = (await readTheme(request)) === "dark" ? "light" : "dark";
  } else {
    const parsed = ThemeField.safeParse(requested);
    if (!parsed.success) return Response.json({ message: 'theme must be "light" or "dark".' }, { status: 400 });
    theme = parsed.data;
  }
  // replace(): when a fetcher follows this redirect back to the page it is on, no history entry is added.
  return replace(safeRedirectPath(formData.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await writeTheme(theme) },
  });
}
