import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

export type ContactAtStepRow = {
  contactId: string;
  name: string | null;
  email: string | null;
  status: string;
  since: string;
};

/** The contacts at one step now, each linking to their page, with Next for the following page. */
export function ContactsAtStep({
  label,
  rows,
  nextHref,
}: {
  label: string;
  rows: ContactAtStepRow[];
  nextHref: string | null;
}) {
  return (
    <section id="contacts" aria-labelledby="contacts-at-step-heading" className="flex flex-col gap-3">
      <h2 id="contacts-at-step-heading" className="text-lg font-semibold">
        Contacts at {label}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No contacts are at this step now.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border text-sm">
          {rows.map((row) => (
            <li key={row.contactId} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <Link to={`/dashboard/contacts/${row.contactId}`} className="font-medium underline">
                {row.name ?? row.email ?? "Unnamed contact"}
              </Link>
              <span className="text-muted-foreground">
                {row.email ? `${row.email} · ` : ""}
                {row.status === "waiting" ? "Waiting" : "Due now"} since {row.since}
              </span>
            </li>
          ))}
        </ul>
      )}
      {nextHref ? (
        <Button variant="outline" size="sm" asChild className="self-end">
          <Link to={nextHref} preventScrollReset>
            Next
          </Link>
        </Button>
      ) : null}
    </section>
  );
}
