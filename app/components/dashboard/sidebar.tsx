import { Link, useFetcher, useLocation } from "react-router";
import { NAV_ITEMS, isNavItemActive } from "./nav-items.ts";
import { SidebarLink } from "./sidebar-link.tsx";
import { SidebarToggle } from "./sidebar-toggle.tsx";
import { Logo } from "#app/components/logo.tsx";
import { cn } from "#app/lib/cn.ts";
import { COPYRIGHT_YEAR, PRODUCT_NAME, PRODUCT_VERSION } from "#app/lib/product.ts";

/**
 * The dashboard's side navigation: sticky and full height, 72 units wide expanded
 * and 20 collapsed (the spec's widths). The saved state comes from a cookie so the
 * server renders the right width; a pending toggle overrides it at once.
 */
export function Sidebar({ collapsed: savedCollapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation();
  const fetcher = useFetcher({ key: "sidebar-collapsed" });
  const pending = fetcher.formData?.get("collapsed");
  const collapsed = pending === "true" ? true : pending === "false" ? false : savedCollapsed;

  return (
    <aside
      data-collapsed={collapsed}
      className={cn(
        "sticky top-0 flex h-screen shrink-0 flex-col border-r bg-card transition-[width] duration-200",
        collapsed ? "w-20" : "w-20 md:w-72",
      )}
    >
      <div className={cn("flex h-16 items-center border-b px-5 max-md:justify-center", collapsed && "justify-center")}>
        <Link
          to="/dashboard"
          className="flex items-center gap-2 rounded-md font-semibold"
          aria-label={`${PRODUCT_NAME} dashboard`}
        >
          <Logo className="size-8" />
          <span className={cn("text-lg max-md:hidden", collapsed && "hidden")}>{PRODUCT_NAME}</span>
        </Link>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <ul className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} active={isNavItemActive(pathname, item.to)} collapsed={collapsed} />
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-col gap-3 border-t p-3">
        <SidebarToggle fetcher={fetcher} collapsed={collapsed} />
        <p
          className={cn(
            "flex px-3 text-xs text-muted-foreground max-md:flex-col max-md:items-center max-md:px-0",
            collapsed ? "flex-col items-center px-0" : "justify-between",
          )}
        >
          <span>© {COPYRIGHT_YEAR}</span>
          <span>{PRODUCT_VERSION}</span>
        </p>
      </div>
    </aside>
  );
}
