import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** The closing call to action before the footer. */
export function GetStarted({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="get-started-title" className="py-20 md:py-24">
      <div className="mx-auto max-w-4xl px-4 md:px-6">
        <div className="flex flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground">
          <h2 id="get-started-title" className="text-3xl font-semibold tracking-tight text-balance">
            Start with your own audience today
          </h2>
          <p className="max-w-xl opacity-90">
            Create an account on this server, bring in your contacts, and send your first campaign.
          </p>
          <Button asChild size="lg" variant="secondary">
            <Link to={signedIn ? "/dashboard" : "/signup"}>{signedIn ? "Go to dashboard" : "Create your account"}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
