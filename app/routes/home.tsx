import type { Route } from "./+types/home";
import { Features } from "#app/components/landing/features.tsx";
import { GetStarted } from "#app/components/landing/get-started.tsx";
import { Hero } from "#app/components/landing/hero.tsx";
import { HowItWorks } from "#app/components/landing/how-it-works.tsx";
import { SiteFooter } from "#app/components/landing/site-footer.tsx";
import { SiteHeader } from "#app/components/landing/site-header.tsx";
import { UseCases } from "#app/components/landing/use-cases.tsx";
import { getSessionUser } from "#app/http/session.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Murmur · Audience marketing for product teams" },
  {
    name: "description",
    content:
      "Murmur is an open-source, self-hostable audience marketing platform: track product events, segment contacts and broadcast by email, SMS and WhatsApp.",
  },
];

// Only whether someone is signed in matters here: it swaps the sign-up links for the way to the dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  return { signedIn: (await getSessionUser(request)) !== null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { signedIn } = loaderData;
  return (
    <>
      <SiteHeader signedIn={signedIn} />
      <main>
        <Hero signedIn={signedIn} />
        <HowItWorks />
        <Features />
        <UseCases />
        <GetStarted signedIn={signedIn} />
      </main>
      <SiteFooter />
    </>
  );
}
