import { Link } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import { COPYRIGHT_YEAR, PRODUCT_VERSION } from "#app/lib/product.ts";

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between md:px-6">
        <div className="flex flex-col gap-2">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <Logo className="size-6" />
            Murmur
          </Link>
          <p className="text-sm text-muted-foreground">Open-source audience marketing for product teams.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <Link to="/login" className="hover:text-foreground">
            Sign in
          </Link>
          <Link to="/signup" className="hover:text-foreground">
            Create account
          </Link>
          <Link to="/docs/api" className="hover:text-foreground">
            API reference
          </Link>
          <Link to="/terms" className="hover:text-foreground">
            Terms of Service
          </Link>
          <Link to="/privacy" className="hover:text-foreground">
            Privacy Policy
          </Link>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground md:px-6">
          © {COPYRIGHT_YEAR} Murmur · {PRODUCT_VERSION}
        </p>
      </div>
    </footer>
  );
}
