import { cn } from "#app/lib/cn.ts";

/** The count on the bell; past 99 it reads "99+". Nothing when all is read. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-count"
      className={cn(
        "absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** "3 unread notifications", for the bell's accessible name. */
export function unreadLabel(count: number): string {
  if (count <= 0) return "Notifications";
  return `Notifications, ${count > 99 ? "more than 99" : count} unread`;
}
