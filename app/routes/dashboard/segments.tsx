import { Layers } from "lucide-react";
import type { Route } from "./+types/segments";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { EmptyState } from "../../components/empty-state.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Segments · Murmur" }];

export default function Segments() {
  return (
    <>
      <PageHeader title="Segments" description="Groups of contacts to send to, built from a list, from filters or from a prompt." />
      <EmptyState icon={Layers} title="No segments yet. Create your first segment to get started." />
    </>
  );
}
