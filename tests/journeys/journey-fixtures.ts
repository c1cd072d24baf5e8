import { getDb } from "#db/database.ts";
import { createJourney } from "#server/journeys/journeys.ts";
import { type JourneyInput, JourneyInputSchema } from "#shared/journeys/definition.ts";
import { ownerAccess } from "../team-access.ts";

/** Abandoned cart as an API client writes it: wait an hour for the order of the same cart, else an email. */
export function abandonedCartInput(name = "Abandoned cart"): JourneyInput {
  return {
    name,
    entry: { type: "event", event: "Cart Updated", properties: [] },
    goal: { event: "Order Completed" },
    steps: [
      {
        id: "wait-order",
        type: "wait_for_event",
        event: "Order Completed",
        matchProperty: "cart_id",
        timeoutSeconds: 3600,
        received: [{ id: "done", type: "exit" }],
        timedOut: [
          {
            id: "reminder",
            type: "send",
            channel: "EMAIL",
            subject: "Your cart",
            content: "<p>Still thinking, {{ contact.name }}?</p>",
          },
        ],
      },
    ],
  };
}

/** A draft journey of the team, made by its Owner through the domain. */
export async function draftJourney(teamId: string, input: JourneyInput = abandonedCartInput()) {
  return createJourney(getDb(), { access: await ownerAccess(teamId), input: JourneyInputSchema.parse(input) });
}
