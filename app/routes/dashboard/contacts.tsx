import { Users } from "lucide-react";
import type { Route } from "./+types/contacts";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { EmptyState } from "../../components/empty-state.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Contacts · Murmur" }];

export default function Contacts() {
  return (
    <>
      <PageHeader title="Contacts" description="The people your team can reach, with their email and phone." />
      <EmptyState icon={Users} title="No contacts yet.">
        <p>
          Importing contacts from a CSV file arrives here: you will map its columns, preview the rows and bring them in,
          optionally as a new segment.
        </p>
      </EmptyState>
    </>
  );
}
