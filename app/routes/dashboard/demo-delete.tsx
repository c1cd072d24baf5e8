import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/demo-delete";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { deleteDemoTeam, DEMO_NOT_FOUND } from "#server/demo/delete-demo-team.ts";
import { isDemoTeam } from "#server/teams/demo-team.ts";
import { accessOf, requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { endSessionCookie } from "#app/http/session.ts";
import { flashToasts } from "#app/http/toast.ts";

export const meta: Route.MetaFunction = () => [{ title: "Delete demo · Murmur" }];

// Only a demo team has this page: a real team is never offered for deletion here. Deleting
// a team is an Owner's, so the role is checked before whether the team is a demo.
export const loader = mapRefusals(async ({ context }: Route.LoaderArgs) => {
  const session = context.get(sessionContext);
  requireAccess(session, "team.delete");
  const { team } = session;
  if (!(await isDemoTeam(getDb(), team.id))) throw data(DEMO_NOT_FOUND, { status: 404 });
  return { team: { name: team.name } };
});

export const action = mapRefusals(async ({ context }: Route.ActionArgs) => {
  const session = context.get(sessionContext);
  const { user, sessionId } = session;
  const { next } = await deleteDemoTeam(getDb(), { access: accessOf(session), userId: user.id, sessionId });
  const headers = new Headers();
  headers.append("Set-Cookie", await flashToasts({ type: "success", title: "Demo deleted" }));
  if (next === "home") headers.append("Set-Cookie", await endSessionCookie());
  return redirect(next === "home" ? "/" : "/dashboard", { headers });
});

export default function DeleteDemo({ loaderData }: Route.ComponentProps) {
  const deleting = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Delete demo" description={`Delete ${loaderData.team.name} and all of its demo data?`} />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-sm text-muted-foreground">
            Its contacts, events, segments, campaigns and analytics are removed for good. You go back to your own team,
            or to the home page if this demo was all you had.
          </p>
          <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to="/dashboard">Cancel</Link>
            </Button>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? "Deleting..." : "Delete demo"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
