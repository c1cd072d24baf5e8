import type { JourneyState, JourneyStep, StepType } from "#shared/journeys/definition.ts";

export const JOURNEYS_PATH = "/dashboard/journeys";

export const STATE_LABELS: Record<JourneyState, string> = {
  draft: "Draft",
  live: "Live",
  paused: "Paused",
  stopped: "Stopped",
};

export const STEP_TYPE_LABELS: Record<StepType, string> = {
  send: "Send a message",
  wait: "Wait",
  wait_until: "Wait until a time of day",
  wait_for_event: "Wait for an event",
  condition: "Branch on a condition",
  exit: "Exit",
};

const CHANNEL_LABELS = { EMAIL: "email", SMS: "SMS", WHATSAPP: "WhatsApp message" } as const;

/** Seconds as people say them: "2 days", "90 minutes", "1 hour 30 minutes" is left as "90 minutes". */
export function describeSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  const [size, name] = units.find(([size]) => seconds % size === 0) ?? [1, "second"];
  const count = seconds / size;
  return `${count} ${name}${count === 1 ? "" : "s"}`;
}

/** One line saying what a step does, in the product's words. */
export function describeStep(step: JourneyStep): string {
  switch (step.type) {
    case "send":
      return step.channel === "EMAIL" && step.subject
        ? `Send email “${step.subject}”`
        : step.channel === "WHATSAPP" && step.whatsapp?.template
          ? `Send WhatsApp template “${step.whatsapp.template}”`
          : `Send ${CHANNEL_LABELS[step.channel]}`;
    case "wait":
      return `Wait ${describeSeconds(step.seconds)}`;
    case "wait_until":
      return `Wait until ${step.time}${step.timeZoneAttribute ? ` in the zone of “${step.timeZoneAttribute}”` : " in the contact's time zone"}`;
    case "wait_for_event":
      return `Wait up to ${describeSeconds(step.timeoutSeconds)} for “${step.event}”${step.matchProperty ? ` with the same ${step.matchProperty}` : ""}`;
    case "condition":
      return "Branch on a condition";
    case "exit":
      return "Exit the journey";
  }
}

/** The names of a branching step's branches as the flow labels them. */
export function branchLabels(step: JourneyStep): [string, string] | null {
  if (step.type === "wait_for_event") return [`“${step.event}” came`, "Timed out"];
  if (step.type === "condition") return ["Yes", "No"];
  return null;
}
