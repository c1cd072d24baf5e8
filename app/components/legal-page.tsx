import type * as React from "react";
import { Link } from "react-router";
import { Logo } from "./logo.tsx";

/**
 * The frame for the Terms and Privacy pages. Their text is a starting point:
 * whoever runs a Murmur server is the one making these promises, so they are
 * expected to replace it with their own.
 */
export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <Logo className="size-7" />
            Murmur
          </Link>
          <Link to="/" className="text-sm text-muted-foreground hover:text-foreground">
            Back to home
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-12">
        <article className="rounded-lg border bg-card p-6 text-card-foreground shadow-sm md:p-10">
          <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-6 rounded-md border border-primary/30 bg-primary/5 p-4 text-sm">
            Murmur is self-hosted software. This page is provided by the operator of this Murmur server, who is
            responsible for it; the text below is the default that ships with Murmur and may be replaced.
          </p>
          <div className="mt-8 flex flex-col gap-8 leading-relaxed [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:text-muted-foreground [&_section]:flex [&_section]:flex-col [&_section]:gap-3 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1 [&_ul]:text-muted-foreground">
            {children}
          </div>
        </article>
        <p className="mt-8 text-center text-sm">
          <Link to="/" className="text-primary underline-offset-4 hover:underline">
            Back to home
          </Link>
        </p>
      </main>
    </div>
  );
}
