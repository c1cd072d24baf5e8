import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";

// The shape the dashboard frame reads for the bell; a type only, so nothing of the server reaches the browser.
import type { BellNotification } from "#server/dashboard/dashboard-frame.ts";

/** One notification: its title links where it happened; unread ones carry a dot. */
export function NotificationItem({
  notification,
  when,
  className,
}: {
  notification: BellNotification;
  when: string;
  className?: string;
}) {
  return (
    <Link
      to={notification.linkPath}
      className={cn("flex min-w-0 flex-1 gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent", className)}
    >
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", notification.read ? "bg-transparent" : "bg-primary")}
      />
      <span className="min-w-0">
        <span className={cn("block break-words", !notification.read && "font-medium")}>
          {notification.title}
          {notification.read ? null : <span className="sr-only"> (unread)</span>}
        </span>
        {notification.body ? (
          <span className="block text-xs break-words text-muted-foreground">{notification.body}</span>
        ) : null}
        <span className="block text-xs text-muted-foreground">{when}</span>
      </span>
    </Link>
  );
}
