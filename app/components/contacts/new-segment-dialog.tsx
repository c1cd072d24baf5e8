import type { SubmissionResult } from "@conform-to/react";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useFetcher } from "react-router";
import type { Toast } from "#app/http/toast.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { linkedCountText, NewSegmentForm, type SegmentSelection } from "./new-segment-form.tsx";

/**
 * With JavaScript, 'Create Segment from selection' opens this over the list. It posts
 * through a fetcher, so a refused name is shown here; success redirects back to the
 * list, which remounts the page and so closes the dialog and clears the selection.
 */
export function NewSegmentDialog({
  open,
  onOpenChange,
  selection,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: SegmentSelection;
}) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> | null; toasts?: Toast[] }>({
    key: "new-segment-from-selection",
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border bg-background p-6 shadow-lg">
          <div className="flex flex-col gap-1.5">
            <Dialog.Title className="text-lg font-semibold leading-none tracking-tight">
              Create Segment from selection
            </Dialog.Title>
            <Dialog.Description className="text-sm text-muted-foreground">
              {linkedCountText(selection)}
            </Dialog.Description>
          </div>
          <NewSegmentForm
            as={fetcher.Form}
            selection={selection}
            lastResult={fetcher.state === "idle" ? fetcher.data?.result : null}
            pending={fetcher.state !== "idle"}
            cancel={
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </Dialog.Close>
            }
          />
          <Dialog.Close className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
      <Toasts toasts={fetcher.data?.toasts} />
    </Dialog.Root>
  );
}
