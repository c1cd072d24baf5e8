import type { Json } from "#db/types.ts";

/** A claimed run as the runtime moves it: read, changed in memory, written back in one statement. */
export type Run = {
  id: string;
  teamId: string;
  journeyId: string;
  version: number;
  contactId: string;
  status: "active" | "waiting" | "finished";
  outcome: "completed" | "exited" | "converted" | "stopped" | null;
  stepId: string | null;
  wakeAt: Date | null;
  awaitingEvent: string | null;
  awaitingMatch: string | null;
  triggerProperties: Json;
  /** The step changed in this batch: step_entered_at becomes now. */
  moved: boolean;
};

/** Why a claimed run is due. */
export type Due =
  /** Just entered: takes the first step. */
  | "start"
  /** Its awaited event came (ingestion made it active): takes the received branch. */
  | "received"
  /** Its timer fired: a wait's end, a wait for an event's timeout, or a held-back message's next chance. */
  | "timer"
  /** Active at a step: runs that step. */
  | "step";

export function dueOf(run: Run): Due {
  if (run.status === "waiting") return "timer";
  if (run.stepId === null) return "start";
  if (run.awaitingEvent !== null) return "received";
  return "step";
}
