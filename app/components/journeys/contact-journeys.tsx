import { Link } from "react-router";
import { JOURNEYS_PATH, STATE_LABELS, STEP_TYPE_LABELS } from "./describe-step.ts";
import { Card } from "#app/components/ui/card.tsx";
import type { JourneyState, StepType } from "#shared/journeys/definition.ts";

export type ContactJourneyRow = {
  runId: string;
  journeyId: string;
  journeyName: string;
  journeyState: JourneyState;
  version: number;
  status: string;
  outcome: string | null;
  stepId: string | null;
  stepType: StepType | null;
  /** When they entered, already written in the team's time zone. */
  enteredAt: string;
};

const OUTCOME_LABELS: Record<string, string> = {
  completed: "Completed",
  exited: "Exited",
  converted: "Converted",
  stopped: "Stopped with the journey",
};

function placeOf(row: ContactJourneyRow): string {
  if (row.status === "finished") return `Finished: ${OUTCOME_LABELS[row.outcome ?? ""] ?? "left the journey"}`;
  const step = row.stepType ? STEP_TYPE_LABELS[row.stepType] : "a step";
  return `${row.status === "waiting" ? "Waiting at" : "At"} ${step} (${row.stepId ?? "starting"})`;
}

/** The journeys a contact is in or was in: each with where they are and the journey's state. */
export function ContactJourneys({ rows }: { rows: ContactJourneyRow[] }) {
  return (
    <Card className="flex flex-col gap-4 p-4 md:p-6" role="region" aria-labelledby="contact-journeys-heading">
      <h2 id="contact-journeys-heading" className="text-lg font-semibold">
        Journeys
      </h2>
      <div>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">This contact has not entered any journey.</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm">
            {rows.map((row) => (
              <li key={row.runId} className="flex flex-col gap-1 py-2">
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`${JOURNEYS_PATH}/${row.journeyId}`} className="font-medium underline">
                    {row.journeyName}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {STATE_LABELS[row.journeyState]} · version {row.version}
                  </span>
                </span>
                <span>{placeOf(row)}</span>
                <span className="text-xs text-muted-foreground">Entered {row.enteredAt}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
