// A render thread (render-pool.ts starts them): makes one message at a time within the
// budget it is given, keeping each campaign's templates prepared between messages.
import { parentPort } from "node:worker_threads";
import { MessageRenderError } from "./message-render-error.ts";
import { type CampaignRenderer, prepareCampaignRenderer } from "./render.ts";
import { overTimeReason, type RenderBudget } from "./render-budget.ts";
import { type RenderFailure, type RenderReply, type RenderRequest, toRenderFailure } from "./render-protocol.ts";

const prepared = new Map<string, CampaignRenderer | RenderFailure>();
const port = parentPort!;

port.on("message", (request: RenderRequest) => {
  if (request.forget) prepared.delete(request.forget);
  if (request.campaign) {
    prepared.set(request.key, prepare(request.campaign));
    port.postMessage({ id: request.id, kind: "prepared" } satisfies RenderReply);
  }
  port.postMessage(render(request));
});

function prepare(campaign: NonNullable<RenderRequest["campaign"]>): CampaignRenderer | RenderFailure {
  try {
    return prepareCampaignRenderer(campaign);
  } catch (error) {
    // Kept, so every message of a campaign that cannot be prepared fails at once with the reason.
    return toRenderFailure(error, "content");
  }
}

function render(request: RenderRequest): RenderReply {
  const renderer = prepared.get(request.key);
  if (renderer === undefined) {
    return {
      id: request.id,
      kind: "failed",
      failure: toRenderFailure(new Error("The render thread does not have this campaign."), "content"),
    };
  }
  if (typeof renderer !== "function") return { id: request.id, kind: "failed", failure: renderer };
  return renderWithin(request.id, renderer, request.contact, request.budget);
}

function renderWithin(
  id: number,
  renderer: CampaignRenderer,
  contact: RenderRequest["contact"],
  budget: RenderBudget,
): RenderReply {
  const cpuAtStart = process.threadCpuUsage();
  const overTime = overTimeReason(budget.timeLimitMs);
  for (;;) {
    const limits = {
      deadline: performance.now() + budget.timeLimitMs,
      timeLimitMs: budget.timeLimitMs,
      outputLimitBytes: budget.outputLimitBytes,
    };
    try {
      return { id, kind: "done", message: renderer(contact, limits) };
    } catch (error) {
      // liquidjs keeps time by the clock: a thread that waited for a core meanwhile has not
      // spent its budget, and the message is made again until it has really used it.
      const starved =
        error instanceof MessageRenderError &&
        error.message === overTime &&
        cpuMsSince(cpuAtStart) < budget.timeLimitMs / 2;
      if (!starved) return { id, kind: "failed", failure: toRenderFailure(error, "content") };
    }
  }
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(start);
  return (used.user + used.system) / 1000;
}
