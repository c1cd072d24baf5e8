import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/contact-delete";
import { accessOf, requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { flashToasts } from "#app/http/toast.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { getContactDetail } from "#server/contacts/detail.ts";
import { eraseContact } from "#server/privacy/erase-contact.ts";

export const meta: Route.MetaFunction = () => [{ title: "Delete Contact · Murmur" }];

// Asked on its own (a link, the dialog's first load), the dialog checks the role and the contact itself.
export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "contacts.write");
  const contact = await getContactDetail(getDb(), { teamId: access.teamId, contactId: params.id });
  return { contactPath: `/dashboard/contacts/${contact.id}` };
});

export const action = mapRefusals(async ({ params, context }: Route.ActionArgs) => {
  const access = accessOf(context.get(sessionContext));
  await eraseContact(getDb(), { access, contactId: params.id });
  const toast = await flashToasts({
    type: "success",
    title: "Contact deleted",
    description: "Their data is erased; an import will not bring them back unless you allow it.",
  });
  return redirect("/dashboard/contacts", { headers: { "Set-Cookie": toast } });
});

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
