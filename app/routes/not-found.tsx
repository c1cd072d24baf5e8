import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Logo } from "../components/logo.tsx";
import { Button } from "../components/ui/button.tsx";
import { loggablePath } from "../../server/http/loggable-path.ts";
import { log } from "../../server/log.ts";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Murmur" }];

// Unknown paths are logged so an operator can spot broken links pointing at this server.
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  log.warn({ path: loggablePath(path) }, "unknown path");
  return data({ path }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-8 text-center">
      <Link to="/" className="flex items-center gap-2 text-lg font-semibold">
        <Logo className="size-7" />
        Murmur
      </Link>
      <div className="flex max-w-md flex-col gap-2">
        <p className="text-sm font-medium text-primary">404</p>
        <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
        <p className="break-all text-muted-foreground">
          There is nothing at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{loaderData.path}</code>.
        </p>
      </div>
      <Button asChild>
        <Link to="/">Back to home</Link>
      </Button>
    </main>
  );
}
