// The icons of the dashboard's frame and the Contacts page: lucide-react's own
// components, from its public per-icon entry points. Drawing them from the shape
// data those modules also export (undeclared in its types) saved about 0.1 ms a
// page, too little to lean on an internal (docs/decisions/017-server-rendering.md).
export { default as Activity } from "lucide-react/icons/activity";
export { default as ArrowLeftRight } from "lucide-react/icons/arrow-left-right";
export { default as BarChart3 } from "lucide-react/icons/chart-column";
export { default as Bell } from "lucide-react/icons/bell";
export { default as Building2 } from "lucide-react/icons/building-complex";
export { default as Check } from "lucide-react/icons/check";
export { default as ChevronDown } from "lucide-react/icons/chevron-down";
export { default as ChevronLeft } from "lucide-react/icons/chevron-left";
export { default as ChevronRight } from "lucide-react/icons/chevron-right";
export { default as ChevronsLeft } from "lucide-react/icons/chevrons-left";
export { default as ChevronsUpDown } from "lucide-react/icons/chevrons-up-down";
export { default as CreditCard } from "lucide-react/icons/credit-card";
export { default as Layers } from "lucide-react/icons/layers";
export { default as LayoutDashboard } from "lucide-react/icons/layout-dashboard";
export { default as LoaderCircle } from "lucide-react/icons/loader-circle";
export { default as LogOut } from "lucide-react/icons/log-out";
export { default as Plus } from "lucide-react/icons/plus";
export { default as Moon } from "lucide-react/icons/moon";
export { default as PanelLeftClose } from "lucide-react/icons/panel-left-close";
export { default as PanelLeftOpen } from "lucide-react/icons/panel-left-open";
export { default as Search } from "lucide-react/icons/search";
export { default as Send } from "lucide-react/icons/send";
export { default as Settings } from "lucide-react/icons/settings";
export { default as SlidersHorizontal } from "lucide-react/icons/sliders-horizontal";
export { default as Sun } from "lucide-react/icons/sun";
export { default as Upload } from "lucide-react/icons/upload";
export { default as Waypoints } from "lucide-react/icons/waypoints";
export { default as User } from "lucide-react/icons/user";
export { default as Users } from "lucide-react/icons/users";
export type { LucideIcon as Icon } from "lucide-react";
