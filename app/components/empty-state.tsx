import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/** What a page shows when there is nothing in it yet: what will appear, and how to get there. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-14 text-center",
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="font-medium">{title}</p>
      {children ? (
        <div className="flex max-w-md flex-col items-center gap-3 text-sm text-muted-foreground">{children}</div>
      ) : null}
    </div>
  );
}
