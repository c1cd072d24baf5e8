import type { Database } from "#db/database.ts";
import { AppError, isAppError } from "#server/errors.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import {
  branchesOf,
  type JourneyDefinition,
  JourneyDefinitionSchema,
  type JourneyStep,
  walkSteps,
} from "#shared/journeys/definition.ts";
import { parseDefinitionOrThrow } from "./definition-errors.ts";
import { getJourney, type JourneyView, updateJourney } from "./journeys.ts";
import { branchNamesOf, placeSteps } from "./step-paths.ts";

/**
 * One edit of a journey's steps, as the editor's forms ask for it: add a step at a
 * place ("steps.0.timedOut.1": the second place of the first step's timed-out
 * branch), replace a step's fields, move it up or down in its list, or remove it
 * (with its branches). Steps are named by id, so an edit means the same step
 * whatever else changed since the page was drawn.
 */
export type StepEdit =
  | { kind: "add"; at: string; step: JourneyStep }
  | { kind: "replace"; stepId: string; step: JourneyStep }
  | { kind: "move"; stepId: string; direction: "up" | "down" }
  | { kind: "remove"; stepId: string };

const GONE = "This step is no longer in the journey. Reload the page to see its steps as they are now.";

/** The list a step is in and its index there, or undefined. */
function findStep(steps: JourneyStep[], stepId: string): { list: JourneyStep[]; index: number } | undefined {
  const index = steps.findIndex((step) => step.id === stepId);
  if (index !== -1) return { list: steps, index };
  for (const step of steps) {
    for (const branch of branchesOf(step)) {
      const found = findStep(branch, stepId);
      if (found) return found;
    }
  }
  return undefined;
}

/** The list a place names ("steps", "steps.0.received") and the index in it, or undefined for no such place. */
function findPlace(steps: JourneyStep[], at: string): { list: JourneyStep[]; index: number } | undefined {
  const parts = at.split(".");
  if (parts[0] !== "steps" || parts.length % 2 !== 0) return undefined;
  let list = steps;
  for (let i = 1; i < parts.length - 1; i += 2) {
    const step = list[Number(parts[i])];
    const branch = step ? branchNamesOf(step).indexOf(parts[i + 1]!) : -1;
    if (!step || branch === -1) return undefined;
    list = branchesOf(step)[branch]!;
  }
  const index = Number(parts.at(-1));
  if (!Number.isInteger(index) || index < 0 || index > list.length) return undefined;
  return { list, index };
}

function freeStepId(steps: JourneyStep[]): string {
  const taken = new Set([...walkSteps(steps)].map(({ step }) => step.id));
  let next = 1;
  while (taken.has(`step-${next}`)) next++;
  return `step-${next}`;
}

/**
 * The definition after one edit, and the id of the step it concerns. A replaced
 * branching step of the same type keeps its branches, so editing a wait's timeout
 * does not drop the steps after it. An unknown step or place is CONFLICT (the page
 * was drawn before another change).
 */
export function applyStepEdit(
  definition: JourneyDefinition,
  edit: StepEdit,
): { definition: JourneyDefinition; stepId: string } {
  const next = structuredClone(definition);
  if (edit.kind === "add") {
    const place = findPlace(next.steps, edit.at);
    if (!place) throw new AppError("CONFLICT", GONE);
    const step = { ...structuredClone(edit.step), id: freeStepId(next.steps) };
    place.list.splice(place.index, 0, step);
    return { definition: next, stepId: step.id };
  }
  const found = findStep(next.steps, edit.stepId);
  if (!found) throw new AppError("CONFLICT", GONE);
  const { list, index } = found;
  const current = list[index]!;
  if (edit.kind === "remove") list.splice(index, 1);
  if (edit.kind === "move") {
    const to = edit.direction === "up" ? index - 1 : index + 1;
    if (to >= 0 && to < list.length) [list[index], list[to]] = [list[to]!, list[index]!];
  }
  if (edit.kind === "replace") {
    const step = { ...structuredClone(edit.step), id: current.id } as JourneyStep;
    if (step.type === "wait_for_event" && current.type === "wait_for_event")
      Object.assign(step, { received: current.received, timedOut: current.timedOut });
    if (step.type === "condition" && current.type === "condition")
      Object.assign(step, { yes: current.yes, no: current.no });
    list[index] = step;
  }
  return { definition: next, stepId: edit.stepId };
}

/**
 * Applies one step edit to a journey's draft and saves it (updateJourney's rules:
 * a live journey's contacts stay on their version until it is published). When
 * the edited step is refused, its fields' messages come back named from the step
 * ("subject", "seconds"), so its form can show them beside its fields.
 */
export async function editJourneySteps(
  db: Database,
  options: { access: TeamAccess; journeyId: string; edit: StepEdit },
): Promise<JourneyView> {
  authorize(options.access, "journeys.write");
  const journey = await getJourney(db, { teamId: options.access.teamId, journeyId: options.journeyId });
  const { definition, stepId } = applyStepEdit(journey.definition, options.edit);
  const stepPath = placeSteps(definition.steps).find(({ step }) => step.id === stepId)?.path;
  try {
    const parsed = parseDefinitionOrThrow(JourneyDefinitionSchema, definition);
    return await updateJourney(db, {
      access: options.access,
      journeyId: journey.id,
      input: { name: journey.name, definition: parsed },
    });
  } catch (error) {
    throw stepPath ? relativeToStep(error, stepPath) : error;
  }
}

/** An INVALID error whose fields under the step's path are renamed from the step ("steps.2.subject" → "subject"). */
function relativeToStep(error: unknown, stepPath: string): unknown {
  if (!isAppError(error) || error.code !== "INVALID" || !error.fields) return error;
  const prefix = `${stepPath}.`;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, messages]) => [
      key.startsWith(prefix) ? key.slice(prefix.length) : key,
      messages,
    ]),
  );
  const first = Object.values(fields)[0]?.[0];
  return new AppError("INVALID", first ? `This step is not valid: ${first}` : error.message, { fields });
}
