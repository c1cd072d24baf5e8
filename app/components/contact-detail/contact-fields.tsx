import type * as React from "react";
import { Card } from "#app/components/ui/card.tsx";

export type ContactFieldsView = {
  name: string | null;
  email: string | null;
  phone: string | null;
  externalId: string | null;
  anonymousIds: string[];
  createdAt: string;
  updatedAt: string;
};

/** Who the contact is: the fields every contact has, and the ids the tracking API knows them by. */
export function ContactFields({ contact, timeZone }: { contact: ContactFieldsView; timeZone: string }) {
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  return (
    <Card className="flex flex-col gap-4 p-4 md:p-6" role="region" aria-labelledby="contact-fields-heading">
      <h2 id="contact-fields-heading" className="text-lg font-semibold">
        Details
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <Field label="Name">{contact.name}</Field>
        <Field label="Email">{contact.email}</Field>
        <Field label="Phone">{contact.phone}</Field>
        <Field label="User ID">
          {contact.externalId ? <code className="text-xs">{contact.externalId}</code> : null}
        </Field>
        <Field label="Anonymous IDs">
          {contact.anonymousIds.length ? (
            <ul className="flex flex-col gap-1">
              {contact.anonymousIds.map((id) => (
                <li key={id}>
                  <code className="text-xs">{id}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </Field>
        <Field label="Created">
          <time dateTime={contact.createdAt}>{when.format(new Date(contact.createdAt))}</time>
        </Field>
        <Field label="Updated">
          <time dateTime={contact.updatedAt}>{when.format(new Date(contact.updatedAt))}</time>
        </Field>
      </dl>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children ?? <Missing />}</dd>
    </>
  );
}

function Missing() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  );
}
