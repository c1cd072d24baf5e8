import { Moon, Sun } from "./ui/icons.ts";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { Button } from "./ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { loader as rootLoader } from "#app/root.tsx";

type Theme = "light" | "dark";

// Same key as the theme cookie, so a script can read the choice without a round trip.
const THEME_STORAGE_KEY = "murmur-ui-theme";

/**
 * Switches between light and dark. Without JavaScript it is a plain form post that
 * sets the theme cookie and comes back to this page; with JavaScript the page
 * repaints at once and the same post runs in the background through a fetcher.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const savedTheme = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "light";
  const pendingTheme = fetcher.formData?.get("theme");
  const theme: Theme = pendingTheme === "dark" || pendingTheme === "light" ? pendingTheme : savedTheme;
  const nextTheme: Theme = theme === "dark" ? "light" : "dark";

  return (
    <fetcher.Form
      method="post"
      action="/preferences/theme"
      preventScrollReset
      onSubmit={() => paintTheme(nextTheme)}
      className={cn("contents", className)}
    >
      <input type="hidden" name="theme" value={nextTheme} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label="Toggle theme"
        title={`Switch to ${nextTheme} theme`}
      >
        {theme === "dark" ? <Sun /> : <Moon />}
      </Button>
    </fetcher.Form>
  );
}

function paintTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be disabled (private windows, strict settings); the cookie still carries the choice.
  }
}
