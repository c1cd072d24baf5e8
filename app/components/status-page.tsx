import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "./logo.tsx";

/**
 * The frame of a page that answers with an error status outside the app (not found, an expired link): Murmur's name,
 * the status, a heading, the text, and what follows it.
 */
export function StatusPage({
  status,
  title,
  children,
  after,
}: {
  status: number;
  title: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-8 text-center">
      <Link to="/" className="flex items-center gap-2 text-lg font-semibold">
        <Logo className="size-7" />
        Murmur
      </Link>
      <div className="flex max-w-md flex-col gap-2">
        <p className="text-sm font-medium text-primary">{status}</p>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
      {after}
    </main>
  );
}
