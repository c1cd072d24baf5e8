import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/segment-delete";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { SegmentDialogErrorBoundary } from "#app/components/segments/segment-dialog-error.tsx";
import { parseSegmentTab, segmentsPath } from "#app/components/segments/segment-tabs-config.ts";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getSegment } from "#server/segments/find-segment.ts";
import { deleteSegment } from "#server/segments/segments.ts";

export const meta: Route.MetaFunction = () => [{ title: "Delete Segment · Murmur" }];

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "segments.write");
  const segment = await getSegment(getDb(), { teamId: access.teamId, segmentId: params.id });
  return { segment: { id: segment.id, name: segment.name } };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "segments.write");
  // Another team's, unknown or already deleted: deleteSegment's NOT_FOUND is the 404 page.
  await deleteSegment(getDb(), { access, segmentId: params.id });
  const tab = parseSegmentTab(new URL(request.url).searchParams.get("tab"));
  const toast = await flashToasts({ type: "success", title: "Success", description: "Segment deleted successfully" });
  return redirect(segmentsPath(tab), { headers: { "Set-Cookie": toast } });
});

export default function DeleteSegment({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const tab = parseSegmentTab(searchParams.get("tab"));
  const closeTo = segmentsPath(tab);
  const deleting = navigation.state === "submitting";

  return (
    <RouteDialog
      title="Are you sure you want to delete this segment?"
      description={
        <>
          <span className="font-medium text-foreground">{loaderData.segment.name}</span> will be deleted. Its contacts
          stay in your contact list.
        </>
      }
      closeTo={closeTo}
    >
      <Form
        method="post"
        action={segmentsPath(tab, `${loaderData.segment.id}/delete`)}
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <Button variant="outline" asChild>
          <Link to={closeTo} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </Form>
    </RouteDialog>
  );
}

export { SegmentDialogErrorBoundary as ErrorBoundary };
