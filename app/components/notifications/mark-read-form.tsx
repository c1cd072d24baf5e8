import { Form, useLocation } from "react-router";
import { cn } from "#app/lib/cn.ts";

/**
 * A POST to the notifications page, which works without JavaScript and comes back
 * to this page: "Mark as read" for one (`id`), "Mark all as read" without.
 */
export function MarkReadForm({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  return (
    <Form method="post" action="/dashboard/notifications" className={cn("contents", className)}>
      <input type="hidden" name="intent" value={id ? "read" : "read-all"} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {children}
    </Form>
  );
}
