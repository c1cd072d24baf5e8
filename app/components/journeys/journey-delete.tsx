import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { JourneyState } from "#shared/journeys/definition.ts";

/** Delete, for a draft or a stopped journey; a live or paused one says to stop it first. */
export function JourneyDelete({ journeyPath, state }: { journeyPath: string; state: JourneyState }) {
  const ability = useAbility("journeys.write");
  const running = state === "live" || state === "paused";
  return (
    <section
      aria-labelledby="delete-heading"
      className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-4"
    >
      <h2 id="delete-heading" className="text-lg font-semibold">
        Delete journey
      </h2>
      <p className="text-sm text-muted-foreground">
        {running
          ? "Stop this journey before deleting it."
          : "Deleting removes the journey, its versions and its figures."}
      </p>
      <Form method="post" action={`${journeyPath}/delete`}>
        <Button
          type="submit"
          variant="destructive"
          disabled={running || !ability.allowed}
          title={ability.reason ?? undefined}
        >
          <Trash2 aria-hidden="true" />
          Delete journey
        </Button>
      </Form>
    </section>
  );
}
