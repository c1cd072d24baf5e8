import { branchesOf, type JourneyStep } from "#shared/journeys/definition.ts";

/** A step with where it sits: its path as the API names it ("steps.0.timedOut.1") and its depth. */
export type PlacedStep = { step: JourneyStep; path: string; depth: number };

const BRANCH_NAMES = { wait_for_event: ["received", "timedOut"], condition: ["yes", "no"] } as const;

/** The names of a branching step's two branches, in the definition's words; none for the others. */
export function branchNamesOf(step: JourneyStep): readonly string[] {
  return step.type === "wait_for_event" || step.type === "condition" ? BRANCH_NAMES[step.type] : [];
}

/**
 * Every step, in branches too, in reading order with its path: the same path a
 * schema error names, so a check beyond the schema can name a step the same way.
 */
export function placeSteps(steps: JourneyStep[], path = "steps", depth = 1): PlacedStep[] {
  return steps.flatMap((step, index) => {
    const at = `${path}.${index}`;
    const branches = branchesOf(step);
    const names = branchNamesOf(step);
    return [
      { step, path: at, depth },
      ...branches.flatMap((branch, i) => placeSteps(branch, `${at}.${names[i]}`, depth + 1)),
    ];
  });
}
