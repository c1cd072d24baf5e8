import { Pause, Play, Square, Upload } from "lucide-react";
import type * as React from "react";
import { Form } from "react-router";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { JourneyState } from "#shared/journeys/definition.ts";

/**
 * Start, Pause, Resume, Publish changes and Stop, as the state allows: each a
 * one-button form to the journey's state route. Stop opens a confirmation first
 * (a disclosure, so it needs no JavaScript). A Viewer sees them disabled, with why.
 */
export function StateControls({
  journeyPath,
  state,
  hasUnpublishedChanges,
}: {
  journeyPath: string;
  state: JourneyState;
  hasUnpublishedChanges: boolean;
}) {
  const ability = useAbility("journeys.start");
  const disabled = !ability.allowed;
  const action = `${journeyPath}/state`;
  const button = (intent: string, label: string, icon: React.ReactNode, variant?: "outline") => (
    <Form method="post" action={action}>
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={variant}
        disabled={disabled}
        title={ability.reason ?? undefined}
      >
        {icon}
        {label}
      </Button>
    </Form>
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {state === "draft" ? button("start", "Start", <Play aria-hidden="true" />) : null}
      {state === "paused" ? button("start", "Resume", <Play aria-hidden="true" />) : null}
      {state === "live" ? button("pause", "Pause", <Pause aria-hidden="true" />, "outline") : null}
      {(state === "live" || state === "paused") && hasUnpublishedChanges
        ? button("publish", "Publish changes", <Upload aria-hidden="true" />, "outline")
        : null}
      {state === "live" || state === "paused" ? (
        <details className="relative">
          <summary
            className="cursor-pointer rounded-md border px-3 py-2 text-sm font-medium aria-disabled:opacity-50"
            aria-disabled={disabled || undefined}
          >
            Stop…
          </summary>
          <div className="absolute right-0 z-10 mt-2 flex w-72 flex-col gap-2 rounded-md border bg-popover p-3 text-sm shadow">
            <p>Stopping is final: no one enters, and every contact inside leaves the journey.</p>
            {button("stop", "Stop journey", <Square aria-hidden="true" />, "outline")}
          </div>
        </details>
      ) : null}
      {disabled ? <p className="text-sm text-muted-foreground">{ability.reason}</p> : null}
    </div>
  );
}
