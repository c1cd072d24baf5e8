import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { StatusPage } from "#app/components/status-page.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { loggablePath } from "#server/http/loggable-path.ts";
import { log } from "#server/log.ts";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Murmur" }];

// Unknown paths are logged so an operator can spot broken links pointing at this server.
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  log.warn({ path: loggablePath(path) }, "unknown path");
  return data({ path }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <StatusPage
      status={404}
      title="Page not found"
      after={
        <Button asChild>
          <Link to="/">Back to home</Link>
        </Button>
      }
    >
      <p className="break-all text-muted-foreground">
        There is nothing at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{loaderData.path}</code>.
      </p>
    </StatusPage>
  );
}
