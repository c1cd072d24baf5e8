import { sidebarCookie, themeCookie } from "./cookies.ts";

export type Theme = "light" | "dark";

/** The product theme is light or dark, light by default. */
export async function readTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return value === "dark" ? "dark" : "light";
}

export function writeTheme(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme);
}

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  return (await sidebarCookie.parse(request.headers.get("Cookie"))) === "collapsed";
}

export function writeSidebarCollapsed(collapsed: boolean): Promise<string> {
  return sidebarCookie.serialize(collapsed ? "collapsed" : "expanded");
}
