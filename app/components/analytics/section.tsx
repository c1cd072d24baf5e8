import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

/** One titled card of the Analytics page. */
export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle as="h2">{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">{children}</CardContent>
    </Card>
  );
}
