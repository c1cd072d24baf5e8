import { Link } from "react-router";
import type { NavItem } from "./nav-items.ts";
import { Tooltip, TooltipContent, TooltipTrigger } from "#app/components/ui/tooltip.tsx";
import { cn } from "#app/lib/cn.ts";

/** One entry of the side navigation; icon-only with a tooltip when the sidebar is collapsed. */
export function SidebarLink({ item, active, collapsed }: { item: NavItem; active: boolean; collapsed: boolean }) {
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        "max-md:justify-center max-md:px-0",
        collapsed && "justify-center px-0",
        active && "bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary",
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {/* On narrow screens the sidebar is always icon-only, so the label stays for screen readers only. */}
      <span className={cn("truncate max-md:sr-only", collapsed && "sr-only")}>{item.label}</span>
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{item.label}</TooltipContent>
    </Tooltip>
  );
}
