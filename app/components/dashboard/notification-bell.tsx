import { Bell } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import { MarkReadForm } from "#app/components/notifications/mark-read-form.tsx";
import { NotificationItem } from "#app/components/notifications/notification-item.tsx";
import { UnreadBadge, unreadLabel } from "#app/components/notifications/unread-badge.tsx";
import { useLiveUnread } from "#app/components/notifications/use-live-unread.ts";
import {
  DetailsMenu,
  DetailsMenuContent,
  DetailsMenuSeparator,
  DetailsMenuTrigger,
} from "#app/components/ui/details-menu.tsx";
import { formatDateTime } from "#app/components/broadcasts/format.ts";
import { useDashboardData } from "./use-dashboard-data.ts";

/**
 * The bell: the unread count (live with JavaScript), and a panel of the latest
 * notifications, each linking where it happened, with "Mark all as read" and
 * "See all". A details/summary menu, so it opens without JavaScript too.
 */
export function NotificationBell() {
  const { notifications } = useDashboardData();
  const unread = useLiveUnread(notifications.unread);
  return (
    <DetailsMenu data-testid="notifications-menu">
      <DetailsMenuTrigger aria-label={unreadLabel(unread)} className="relative size-9 justify-center px-0">
        <Bell className="size-4" aria-hidden="true" />
        <UnreadBadge count={unread} />
      </DetailsMenuTrigger>
      <DetailsMenuContent className="w-80">
        <div className="flex items-center justify-between px-2 py-1.5">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {unread > 0 ? (
            <MarkReadForm>
              <button type="submit" className="text-xs font-medium text-primary hover:underline">
                Mark all as read
              </button>
            </MarkReadForm>
          ) : null}
        </div>
        <DetailsMenuSeparator />
        {notifications.latest.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ul className="max-h-96 overflow-y-auto">
            {notifications.latest.map((notification) => (
              <li key={notification.id} className="flex">
                <NotificationItem
                  notification={notification}
                  when={formatDateTime(notification.createdAt, notifications.timeZone)}
                />
              </li>
            ))}
          </ul>
        )}
        <DetailsMenuSeparator />
        <Link
          to="/dashboard/notifications"
          className="block rounded-sm px-2 py-1.5 text-center text-sm font-medium hover:bg-accent"
        >
          See all
        </Link>
      </DetailsMenuContent>
    </DetailsMenu>
  );
}
