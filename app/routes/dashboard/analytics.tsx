import { BarChart3 } from "lucide-react";
import type { Route } from "./+types/analytics";
import { PageHeader } from "../../components/dashboard/page-header.tsx";
import { EmptyState } from "../../components/empty-state.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Analytics · Murmur" }];

export default function Analytics() {
  return (
    <>
      <PageHeader title="Analytics" description="How your campaigns perform and how your events trend over time." />
      <EmptyState icon={BarChart3} title="No analytics yet.">
        <p>
          Once campaigns are sent, their deliveries, opens, clicks, unsubscribes and bounces will appear here, next to
          the trends of the events your product sends.
        </p>
      </EmptyState>
    </>
  );
}
