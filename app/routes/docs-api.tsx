import { Link } from "react-router";
import type { Route } from "./+types/docs-api";
import { OperationCard } from "#app/components/api-reference/operation-card.tsx";
import { Logo } from "#app/components/logo.tsx";
import { apiReference } from "#server/openapi/reference.ts";

export const meta: Route.MetaFunction = () => [
  { title: "API reference · Murmur" },
  { name: "description", content: "Murmur's JSON API and Segment-compatible tracking API, every operation." },
];

export function loader() {
  return apiReference();
}

export default function ApiReferencePage({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData;
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <Logo className="size-7" />
            Murmur
          </Link>
          <a href="/api/openapi.json" className="text-sm text-muted-foreground hover:text-foreground">
            OpenAPI document (JSON)
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-semibold tracking-tight">API reference</h1>
        <p className="mt-4 max-w-3xl text-muted-foreground">
          The JSON API under <code>/api</code> takes a Bearer token: the token <code>POST /api/auth/login</code>{" "}
          answers, or an API key. The tracking API under <code>/v1</code> is Segment-compatible and takes a write key as
          the HTTP Basic user name. Every error answers JSON with a <code>message</code>. This page and the{" "}
          <a href="/api/openapi.json" className="text-primary underline underline-offset-4">
            OpenAPI 3.1 document
          </a>{" "}
          are generated from the schemas the server validates with.
        </p>
        <nav aria-label="API sections" className="mt-6">
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {sections.map((section) => (
              <li key={section.tag}>
                <a href={`#${tagAnchor(section.tag)}`} className="text-primary underline-offset-4 hover:underline">
                  {section.tag}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {sections.map((section) => (
          <section key={section.tag} aria-labelledby={tagAnchor(section.tag)} className="mt-10">
            <h2 id={tagAnchor(section.tag)} className="scroll-mt-6 text-2xl font-semibold">
              {section.tag}
            </h2>
            <div className="mt-4 flex flex-col gap-4">
              {section.operations.map((operation) => (
                <OperationCard key={operation.id} operation={operation} />
              ))}
            </div>
          </section>
        ))}
      </main>
    </div>
  );
}

function tagAnchor(tag: string): string {
  return tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
