import { redirect } from "react-router";

// Browsers ask for /favicon.ico by habit wherever a page names no icon of its own (a
// JSON answer or a CSV opened in a tab). Murmur's icon is an SVG (public/favicon.svg,
// which every page links): they are sent there, for as long as public files are
// cached, rather than answered with the not-found page and logged as an unknown path.
export function loader() {
  return redirect("/favicon.svg", { status: 301, headers: { "Cache-Control": "public, max-age=3600" } });
}
