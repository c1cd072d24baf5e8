import type * as React from "react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card.tsx";
import { Logo } from "./logo.tsx";

/** The centred card that login and signup share. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
  footer: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <Link to="/" className="flex items-center gap-2 text-lg font-semibold">
        <Logo className="size-7" />
        Murmur
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {children}
          <div className="text-center text-sm text-muted-foreground">{footer}</div>
        </CardContent>
      </Card>
    </main>
  );
}
