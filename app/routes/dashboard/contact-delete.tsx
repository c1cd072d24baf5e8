import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/contact-delete";
import { accessOf } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapForbidden } from "#app/http/map-forbidden.ts";
import { mapNotFound } from "#app/http/map-not-found.ts";
import { flashToasts } from "#app/http/toast.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { eraseContact } from "#server/privacy/erase-contact.ts";

export const meta: Route.MetaFunction = () => [{ title: "Delete Contact · Murmur" }];

// The contact page's loader has already found the contact (or answered 404); the dialog only needs its id.
export function loader({ params }: Route.LoaderArgs) {
  return { contactPath: `/dashboard/contacts/${params.id}` };
}

export const action = mapNotFound(
  mapForbidden(async ({ params, context }: Route.ActionArgs) => {
    const access = accessOf(context.get(sessionContext));
    await eraseContact(getDb(), { access, contactId: params.id });
    const toast = await flashToasts({
      type: "success",
      title: "Contact deleted",
      description: "Their data is erased; an import will not bring them back unless you allow it.",
    });
    return redirect("/dashboard/contacts", { headers: { "Set-Cookie": toast } });
  }),
);

export default function DeleteContact({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting";
  const { contactPath } = loaderData;
  return (
    <RouteDialog
      title="Delete this contact and erase their data?"
      description="Their fields, attributes, events and segment memberships are erased. Campaign figures keep their counts without the address. Their email and phone are remembered only as a hash, so an import skips them unless it allows erased contacts back."
      closeTo={contactPath}
    >
      <Form
        method="post"
        action={`${contactPath}/delete`}
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <Button variant="outline" asChild>
          <Link to={contactPath} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete contact"}
        </Button>
      </Form>
    </RouteDialog>
  );
}
