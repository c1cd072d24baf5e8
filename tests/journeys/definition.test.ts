import { describe, expect, it } from "vitest";
import { JourneyInputSchema, walkSteps } from "#shared/journeys/definition.ts";

const abandonedCart = {
  name: "Abandoned cart",
  entry: { type: "event", event: "Cart Updated", properties: [] },
  goal: { event: "Order Completed" },
  steps: [
    {
      type: "wait_for_event",
      event: "Order Completed",
      matchProperty: "cart_id",
      timeoutSeconds: 3600,
      received: [{ type: "exit" }],
      timedOut: [
        { type: "send", channel: "EMAIL", subject: "Your cart", content: "Still thinking, {{ contact.name }}?" },
      ],
    },
  ],
};

function issuesOf(input: unknown) {
  const result = JourneyInputSchema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("a journey's definition", () => {
  it("takes abandoned cart as an API caller writes it, naming every step and filling defaults", () => {
    const { name, definition } = JourneyInputSchema.parse(abandonedCart);
    expect(name).toBe("Abandoned cart");
    expect(definition.reentry).toEqual({ mode: "once" });
    expect(definition.goal).toEqual({ event: "Order Completed", properties: [] });
    const ids = [...walkSteps(definition.steps)].map(({ step }) => `${step.type}:${step.id}`);
    expect(ids).toEqual(["wait_for_event:step-1", "exit:step-2", "send:step-3"]);
  });

  it("keeps the ids a caller gave and names the others around them", () => {
    const { definition } = JourneyInputSchema.parse({
      ...abandonedCart,
      steps: [
        { type: "wait", seconds: 5 },
        { id: "step-1", type: "exit" },
      ],
    });
    expect(definition.steps.map((step) => step.id)).toEqual(["step-2", "step-1"]);
  });

  it("refuses a bad step with the path to it in the JSON", () => {
    const bad = structuredClone(abandonedCart);
    (bad.steps[0]!.timedOut as unknown[]).push({ type: "wait", seconds: 0 });
    expect(issuesOf(bad)).toEqual(["steps.0.timedOut.1.seconds: seconds must be at least 1 second"]);
  });

  it("refuses an email without a subject, an unknown step type and a repeated id, each by path", () => {
    expect(issuesOf({ ...abandonedCart, steps: [{ type: "send", channel: "EMAIL", content: "Hi" }] })).toEqual([
      "steps.0.subject: An email needs a subject",
    ]);
    expect(issuesOf({ ...abandonedCart, steps: [{ type: "teleport" }] })).toEqual([
      "steps.0.type: type must be send, wait, wait_until, wait_for_event, condition or exit",
    ]);
    expect(
      issuesOf({
        ...abandonedCart,
        steps: [
          { id: "a", type: "exit" },
          { id: "a", type: "exit" },
        ],
      }),
    ).toEqual(['steps.1.id: Step id "a" is used twice']);
  });
});
