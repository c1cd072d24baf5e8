import { Link } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import { ThemeToggle } from "#app/components/theme-toggle.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** The landing page's header; a signed-in visitor gets the way back to their dashboard instead of the sign-up links. */
export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 md:px-6">
        <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-semibold">
          <Logo className="size-8" />
          Murmur
        </Link>
        <nav aria-label="Sections" className="mr-4 hidden items-center gap-6 text-sm text-muted-foreground md:flex">
          <a href="#how-it-works" className="hover:text-foreground">
            How it works
          </a>
          <a href="#features" className="hover:text-foreground">
            Features
          </a>
          <a href="#use-cases" className="hover:text-foreground">
            Use cases
          </a>
        </nav>
        <ThemeToggle />
        {signedIn ? (
          <Button asChild>
            <Link to="/dashboard">Go to dashboard</Link>
          </Button>
        ) : (
          <>
            <Button asChild variant="ghost" className="max-sm:px-2">
              <Link to="/login">Sign In</Link>
            </Button>
            <Button asChild className="max-sm:px-3">
              <Link to="/signup">Get Started Free</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
