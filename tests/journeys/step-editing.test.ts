import { describe, expect, test } from "vitest";
import { applyStepEdit } from "#server/journeys/step-editing.ts";
import { JourneyInputSchema, type JourneyStep } from "#shared/journeys/definition.ts";
import { abandonedCartInput } from "./journey-fixtures.ts";

// The editor's edits on a definition: where a step lands, what a replaced step
// keeps, and that an edit naming a step or place that is gone is refused.

const cart = () => JourneyInputSchema.parse(abandonedCartInput()).definition;
const ids = (steps: JourneyStep[]): unknown[] =>
  steps.map((step) =>
    step.type === "wait_for_event"
      ? { [step.id!]: { received: ids(step.received), timedOut: ids(step.timedOut) } }
      : step.id,
  );

describe("editing a journey's steps", () => {
  test("adds a step at the end, at the top, and into a branch, each with the next free id", () => {
    let { definition } = applyStepEdit(cart(), { kind: "add", at: "steps.1", step: { type: "exit" } });
    ({ definition } = applyStepEdit(definition, { kind: "add", at: "steps.0", step: { type: "wait", seconds: 60 } }));
    ({ definition } = applyStepEdit(definition, {
      kind: "add",
      at: "steps.1.timedOut.1",
      step: { type: "wait", seconds: 5 },
    }));
    expect(ids(definition.steps)).toEqual([
      "step-2",
      { "wait-order": { received: ["done"], timedOut: ["reminder", "step-3"] } },
      "step-1",
    ]);
  });

  test("a replaced wait for an event keeps its branches; a step of another type replaces them", () => {
    const replaced = applyStepEdit(cart(), {
      kind: "replace",
      stepId: "wait-order",
      step: {
        type: "wait_for_event",
        event: "Checkout Started",
        properties: [],
        timeoutSeconds: 60,
        received: [],
        timedOut: [],
      },
    });
    expect(replaced.definition.steps[0]).toMatchObject({
      id: "wait-order",
      event: "Checkout Started",
      received: [{ id: "done" }],
      timedOut: [{ id: "reminder" }],
    });
    const exit = applyStepEdit(cart(), { kind: "replace", stepId: "wait-order", step: { type: "exit" } });
    expect(exit.definition.steps).toEqual([{ id: "wait-order", type: "exit" }]);
  });

  test("moves within its own list only, and removes a step with its branches", () => {
    const two = applyStepEdit(cart(), { kind: "add", at: "steps.1", step: { type: "exit" } }).definition;
    const moved = applyStepEdit(two, { kind: "move", stepId: "step-1", direction: "up" }).definition;
    expect(ids(moved.steps)).toEqual(["step-1", { "wait-order": { received: ["done"], timedOut: ["reminder"] } }]);
    const top = applyStepEdit(moved, { kind: "move", stepId: "step-1", direction: "up" }).definition;
    expect(top).toEqual(moved);
    const removed = applyStepEdit(moved, { kind: "remove", stepId: "wait-order" }).definition;
    expect(ids(removed.steps)).toEqual(["step-1"]);
  });

  test("refuses a step or a place that is not in the journey, leaving the definition as it was", () => {
    const definition = cart();
    const before = structuredClone(definition);
    for (const edit of [
      { kind: "remove", stepId: "gone" },
      { kind: "add", at: "steps.5", step: { type: "exit" } },
      { kind: "add", at: "steps.0.yes.0", step: { type: "exit" } },
      { kind: "add", at: "nowhere", step: { type: "exit" } },
    ] as const) {
      expect(() => applyStepEdit(definition, edit)).toThrow("no longer in the journey");
    }
    expect(definition).toEqual(before);
  });
});
