import { Activity } from "lucide-react";
import type { Route } from "./+types/events";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { EmptyState } from "../../components/empty-state.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Events · Murmur" }];

export default function Events() {
  return (
    <>
      <PageHeader title="Events" description="What people do in your product, as it happens." />
      <EmptyState icon={Activity} title="No events yet.">
        <p>
          Events your product sends to Murmur&apos;s tracking API will appear here as they arrive, ready to search and to
          use in segments.
        </p>
      </EmptyState>
    </>
  );
}
