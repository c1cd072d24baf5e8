import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { formatDateTime } from "#app/components/broadcasts/format.ts";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { KeysetPager } from "#app/components/keyset-pager.tsx";
import { MarkReadForm } from "#app/components/notifications/mark-read-form.tsx";
import { NotificationItem } from "#app/components/notifications/notification-item.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Bell } from "#app/components/ui/icons.ts";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { safeRedirectPath } from "#app/http/session.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { flashToasts } from "#app/http/toast.ts";
import { firstPageHref, readPageRequest } from "#app/lib/page-cursor.ts";
import { MarkReadSchema } from "#shared/notifications/schemas.ts";
import { listNotifications, markAllRead, markRead } from "#server/notifications/inbox.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";

export const meta: Route.MetaFunction = () => [{ title: "Notifications · Murmur" }];

const PAGE_SIZE = 25;
const STALE_PAGE_LINK = "That page link is no longer valid, so the list starts from the first page.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, team } = context.get(sessionContext);
  const url = new URL(request.url);
  const at = readPageRequest(url.searchParams);
  const db = getDb();
  const [page, timeZone] = await Promise.all([
    startOverOnStaleCursor(listNotifications(db, { userId: user.id, teamId: team.id, ...at, limit: PAGE_SIZE }), {
      firstPage: firstPageHref(url),
      message: STALE_PAGE_LINK,
    }),
    teamTimeZone(db, team.id),
  ]);
  return {
    firstPage: !at.after && !at.before,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
    timeZone,
    notifications: page.rows.map(({ kind: _, ...n }) => ({ ...n, createdAt: n.createdAt.toISOString() })),
  };
}

/** Mark one notification read, or all of them; then back to the page the form was on. */
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user, team } = context.get(sessionContext);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: MarkReadSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const recipient = { userId: user.id, teamId: team.id };
  if (submission.value.intent === "read")
    await markRead(getDb(), { ...recipient, notificationId: submission.value.id });
  else await markAllRead(getDb(), recipient);
  const done = submission.value.intent === "read" ? "Marked as read." : "All notifications are marked as read.";
  const toast = await flashToasts({ type: "success", title: "Notifications", description: done });
  return redirect(safeRedirectPath(formData.get("redirectTo"), "/dashboard/notifications"), {
    headers: { "Set-Cookie": toast },
  });
});

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, firstPage, timeZone } = loaderData;
  const anyUnread = notifications.some((n) => !n.read);
  return (
    <>
      <PageHeader title="Notifications" description="What happened in this team that concerns you, newest first." />
      {notifications.length === 0 && firstPage ? (
        <EmptyState icon={Bell} title="No notifications yet">
          Finished campaigns, imports and problems with your channels show up here.
        </EmptyState>
      ) : (
        <>
          {anyUnread ? (
            <div className="mb-4 flex justify-end">
              <MarkReadForm>
                <Button type="submit" variant="outline" size="sm">
                  Mark all as read
                </Button>
              </MarkReadForm>
            </div>
          ) : null}
          <Card className="p-0">
            <ul className="divide-y">
              {notifications.map((notification) => (
                <li key={notification.id} className="flex items-center gap-2 px-3 py-2">
                  <NotificationItem
                    notification={notification}
                    when={formatDateTime(notification.createdAt, timeZone)}
                  />
                  {notification.read ? null : (
                    <MarkReadForm id={notification.id}>
                      <Button
                        type="submit"
                        variant="ghost"
                        size="sm"
                        aria-label={`Mark "${notification.title}" as read`}
                      >
                        Mark as read
                      </Button>
                    </MarkReadForm>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
      <div className="mt-4">
        <KeysetPager page={loaderData} label="notifications" />
      </div>
    </>
  );
}
