import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId } from "react";
import type * as React from "react";
import { useNavigate } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

type RouteDialogProps = {
  title: string;
  description?: React.ReactNode;
  /** Where closing the dialog goes: the page it is drawn over. */
  closeTo: string;
  children: React.ReactNode;
  /** Room for a long form, such as a campaign's content and its preview. */
  wide?: boolean;
};

/**
 * A dialog that is a route. Once JavaScript runs it is a modal over the parent
 * page, open while the route matches; closing it navigates back. Before that,
 * or without JavaScript, Radix cannot portal anything, so the same content is
 * a plain card in the page flow, where its form still works.
 */
export function RouteDialog({ title, description, closeTo, children, wide = false }: RouteDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();

  if (!hydrated) {
    return (
      <Card role="region" aria-labelledby={titleId} className={cn("mb-8", wide ? "max-w-3xl" : "max-w-lg")}>
        <CardHeader>
          <CardTitle as="h2" id={titleId} className="text-lg">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => open || navigate(closeTo, { preventScrollReset: true })}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg focus:outline-none",
            wide ? "max-w-3xl" : "max-w-lg",
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex flex-col gap-1.5 pr-8">
            <Dialog.Title className="text-lg font-semibold leading-none tracking-tight">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
            ) : null}
          </div>
          {children}
          <Dialog.Close
            className="absolute top-4 right-4 rounded-sm opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
