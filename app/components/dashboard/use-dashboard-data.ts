import { useRouteLoaderData } from "react-router";
import type { loader } from "#app/routes/dashboard/layout.tsx";

/** The signed-in user and team, as the dashboard layout loaded them once for every page below it. */
export function useDashboardData() {
  const data = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  if (!data) throw new Error("useDashboardData is only for pages inside the dashboard layout.");
  return data;
}
