// A render thread (render-pool.ts starts them): makes the messages it is asked for one at
// a time within the budget it is given, keeping each campaign's templates prepared
// between requests, and tells the pool which message it is on through shared memory.
import { parentPort, workerData } from "node:worker_threads";
import { MessageRenderError } from "./message-render-error.ts";
import { type CampaignRenderer, messageParts, prepareCampaignRenderer } from "./render.ts";
import { overTimeReason, type RenderBudget } from "./render-budget.ts";
import {
  PREPARING,
  type RenderFailure,
  type RenderOutcome,
  type RenderReply,
  type RenderRequest,
  toRenderFailure,
  WAITING,
} from "./render-protocol.ts";

const prepared = new Map<string, CampaignRenderer | RenderFailure>();
const port = parentPort!;
const progress = new Int32Array((workerData as { progress: SharedArrayBuffer }).progress);

port.on("message", (request: RenderRequest) => {
  if (request.forget) prepared.delete(request.forget);
  if (request.campaign) {
    Atomics.store(progress, 0, PREPARING);
    prepared.set(request.key, prepare(request.campaign));
  }
  let outcomes: RenderOutcome[] = [];
  let length = 0;
  request.contacts.forEach((contact, index) => {
    Atomics.store(progress, 0, index);
    const outcome = render(request.key, contact, request.budget);
    outcomes.push(outcome);
    if (outcome.kind === "done") length += messageParts(outcome.message).reduce((sum, part) => sum + part.length, 0);
    if (length >= request.budget.outputLimitBytes && index < request.contacts.length - 1) {
      port.postMessage({ id: request.id, outcomes, done: false } satisfies RenderReply);
      outcomes = [];
      length = 0;
    }
  });
  Atomics.store(progress, 0, WAITING);
  port.postMessage({ id: request.id, outcomes, done: true } satisfies RenderReply);
});

function prepare(campaign: NonNullable<RenderRequest["campaign"]>): CampaignRenderer | RenderFailure {
  try {
    return prepareCampaignRenderer(campaign);
  } catch (error) {
    // Kept, so every message of a campaign that cannot be prepared fails at once with the reason.
    return toRenderFailure(error, "content");
  }
}

function render(key: string, contact: RenderRequest["contacts"][number], budget: RenderBudget): RenderOutcome {
  const renderer = prepared.get(key);
  if (renderer === undefined) {
    return {
      kind: "failed",
      failure: toRenderFailure(new Error("The render thread does not have this campaign."), "content"),
    };
  }
  if (typeof renderer !== "function") return { kind: "failed", failure: renderer };
  return renderWithin(renderer, contact, budget);
}

function renderWithin(
  renderer: CampaignRenderer,
  contact: RenderRequest["contacts"][number],
  budget: RenderBudget,
): RenderOutcome {
  const cpuAtStart = process.threadCpuUsage();
  const overTime = overTimeReason(budget.timeLimitMs);
  for (;;) {
    const limits = {
      deadline: performance.now() + budget.timeLimitMs,
      timeLimitMs: budget.timeLimitMs,
      outputLimitBytes: budget.outputLimitBytes,
    };
    try {
      return { kind: "done", message: renderer(contact, limits) };
    } catch (error) {
      // liquidjs keeps time by the clock: a thread that waited for a core meanwhile has not
      // spent its budget, and the message is made again until it has really used it.
      const starved =
        error instanceof MessageRenderError &&
        error.message === overTime &&
        cpuMsSince(cpuAtStart) < budget.timeLimitMs / 2;
      if (!starved) return { kind: "failed", failure: toRenderFailure(error, "content") };
    }
  }
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(start);
  return (used.user + used.system) / 1000;
}
