import { PanelLeftClose, PanelLeftOpen } from "#app/components/ui/icons.ts";
import type { FetcherWithComponents } from "react-router";
import { useLocation } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "#app/components/ui/tooltip.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * Collapses or expands the side navigation. A plain form post without JavaScript;
 * with it, the sidebar's fetcher carries the post and its form data drives the
 * optimistic width.
 */
export function SidebarToggle({ fetcher, collapsed }: { fetcher: FetcherWithComponents<unknown>; collapsed: boolean }) {
  const location = useLocation();
  const label = collapsed ? "Expand sidebar" : "Collapse sidebar";
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const button = (
    <button
      type="submit"
      aria-label={label}
      className={cn(
        "flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        collapsed && "justify-center px-0",
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {collapsed ? null : <span>Collapse</span>}
    </button>
  );

  return (
    // Hidden on narrow screens, where the sidebar is always icon-only.
    <fetcher.Form method="post" action="/preferences/sidebar" preventScrollReset className="max-md:hidden">
      <input type="hidden" name="collapsed" value={String(!collapsed)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {collapsed ? (
        <Tooltip>
          <TooltipTrigger asChild>{button}</TooltipTrigger>
          <TooltipContent side="right">{label}</TooltipContent>
        </Tooltip>
      ) : (
        button
      )}
    </fetcher.Form>
  );
}
