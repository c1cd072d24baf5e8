import { Send } from "lucide-react";
import type { Route } from "./+types/broadcasts";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { EmptyState } from "../../components/empty-state.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Broadcasts · Murmur" }];

export default function Broadcasts() {
  return (
    <>
      <PageHeader title="Broadcasts" description="Campaigns to your segments by email, SMS and WhatsApp." />
      <EmptyState icon={Send} title="No campaigns yet. Create your first campaign to get started." />
    </>
  );
}
