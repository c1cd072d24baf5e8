import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ToastHost, Toasts } from "./components/toasts.tsx";
import { useCspNonce } from "./lib/csp-nonce.ts";
import { TooltipProvider } from "./components/ui/tooltip.tsx";
import { flashContext, flashMiddleware } from "./http/flash-middleware.ts";
import { readTheme } from "./http/preferences.ts";
import "./app.css";

export const middleware: Route.MiddlewareFunction[] = [flashMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { theme: await readTheme(request), toasts: context.get(flashContext) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = root?.theme ?? "light";
  // Given explicitly rather than left to <ServerRouter nonce>: the client then renders
  // the same (hidden, empty) nonce the browser shows, and hydration finds no difference.
  const nonce = useCspNonce();
  return (
    <html lang="en" className={theme} style={{ colorScheme: theme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Stylesheets and module preloads come from Murmur's own origin, which the policy
            admits without a nonce. An empty one keeps <ServerRouter nonce> from adding the
            real one, which a link (unlike a script) may show to the page, so that
            hydration would see it differ from the client's. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <TooltipProvider delayDuration={700} skipDelayDuration={300}>
      <Outlet />
      <ToastHost theme={loaderData.theme} />
      <Toasts toasts={loaderData.toasts} />
    </TooltipProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title =
      error.status === 404
        ? "Page not found"
        : error.status === 403
          ? "Not allowed"
          : error.status === 503
            ? "Murmur is briefly unavailable"
            : `${error.status} ${error.statusText}`;
    detail = typeof error.data === "string" && error.data ? error.data : detail;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{detail}</p>
      {unavailable && (
        // A whole page load, so it works without JavaScript and asks every loader again.
        <a href={`${location.pathname}${location.search}`} className="text-primary underline underline-offset-4">
          Try again
        </a>
      )}
      <a href="/" className="text-primary underline underline-offset-4">
        Back to home
      </a>
    </main>
  );
}
