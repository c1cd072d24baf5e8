import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { MessageContent } from "#server/channels/types.ts";
import type { AppError } from "#server/errors.ts";
import { MessageRenderError } from "./message-render-error.ts";
import type { RenderableCampaign, RenderableContact } from "./render.ts";
import { OVER_MEMORY_REASON, overTimeReason, renderBudget } from "./render-budget.ts";
import { fromRenderFailure, type RenderReply, type RenderRequest } from "./render-protocol.ts";

/**
 * One message to make: the campaign's templates under their key, and the field to blame when the thread has to be
 * stopped.
 */
export type RenderTask = { key: string; campaign: RenderableCampaign; contact: RenderableContact; field: string };

type Queued = RenderTask & {
  resolve: (message: MessageContent) => void;
  reject: (error: AppError | MessageRenderError) => void;
};
type Running = { task: Queued; id: number; phase: number; timer?: NodeJS.Timeout };
type Thread = { worker: Worker; known: string[]; running: Running | null; idleTimer: NodeJS.Timeout | null };

// As many threads as cores, two to four: on 2 cores one campaign whose every message
// uses its whole budget holds one thread, and the other teams' messages go through the other.
const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism()));
// Campaigns whose templates a thread keeps prepared; a chunk sends one campaign, and a
// worker runs a few chunks at once.
const KNOWN_CAMPAIGNS = 16;
// A thread nobody needed for this long is stopped: a web process may render a Preview once an hour.
const IDLE_MS = 60_000;

// The sources (tests, `npm run dev`) run render-worker.ts, whose types Node strips; the
// built server names its own copy (setRenderWorkerFile).
let workerFile = new URL("./render-worker.ts", import.meta.url);
const threads: Thread[] = [];
const queue: Queued[] = [];
let nextId = 1;

/**
 * Makes one message on a render thread within the render budget (render-budget.ts),
 * off the event loop that sends everyone's campaigns. A message the thread cannot
 * finish within its CPU time (a loop liquidjs cannot interrupt, say) has its thread
 * terminated and replaced, and fails with the reason; so does one that runs the thread
 * out of heap. Rejects with MessageRenderError (field, reason) or AppError INVALID (a
 * template that does not parse). Messages wait their turn when every thread is busy.
 */
export function renderOnThread(task: RenderTask): Promise<MessageContent> {
  return new Promise((resolve, reject) => {
    queue.push({ ...task, resolve, reject });
    pump();
  });
}

/** Where the render threads' entry is, when it is not the source file beside this one (the built server). */
export function setRenderWorkerFile(file: URL): void {
  workerFile = file;
}

/** Stops every render thread (they are started again when needed); for shutdown and tests. */
export async function stopRenderThreads(): Promise<void> {
  await Promise.all(threads.splice(0).map((thread) => thread.worker.terminate()));
}

function pump(): void {
  while (queue.length > 0) {
    let thread = threads.find((candidate) => candidate.running === null);
    if (!thread && threads.length < POOL_SIZE) thread = startThread();
    if (!thread) return;
    dispatch(thread, queue.shift()!);
  }
}

function dispatch(thread: Thread, task: Queued): void {
  const budget = renderBudget();
  const request: RenderRequest = { id: nextId++, key: task.key, contact: task.contact, budget };
  const prepare = !thread.known.includes(task.key);
  if (prepare) {
    request.campaign = task.campaign;
    thread.known.push(task.key);
    if (thread.known.length > KNOWN_CAMPAIGNS) request.forget = thread.known.shift();
  }
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  thread.idleTimer = null;
  thread.worker.ref();
  thread.running = { task, id: request.id, phase: 0 };
  startClock(thread, thread.running, prepare ? budget.prepareLimitMs : budget.timeLimitMs);
  thread.worker.postMessage(request);
}

/**
 * The backstop behind liquidjs' own limits. Time is counted in the thread's CPU, not
 * by the clock, so a thread that only waited for a core on a busy machine is not
 * blamed for it. Asking a thread for its CPU time interrupts it, so nothing is asked
 * while messages finish in time (all but the rare one): the first look comes half the
 * limit after the thread's own deadline (a message it stopped by itself is reported
 * by it, without replacing the thread) and only takes a reading; from then on, a
 * thread that has used the whole limit again since has used more than the limit on
 * this message, and is stopped.
 */
function startClock(thread: Thread, running: Running, limitMs: number): void {
  clearTimeout(running.timer);
  running.phase += 1;
  const phase = running.phase;
  let from: NodeJS.CpuUsage | null = null;
  const look = async () => {
    const now = await thread.worker.cpuUsage().catch(() => null);
    if (thread.running !== running || running.phase !== phase) return;
    if (now === null)
      return stopThread(thread, new MessageRenderError(running.task.field, overTimeReason(limitMs), true));
    const usedMs = from ? (now.user + now.system - from.user - from.system) / 1000 : 0;
    from ??= now;
    if (usedMs >= limitMs)
      stopThread(thread, new MessageRenderError(running.task.field, overTimeReason(limitMs), true));
    else running.timer = setTimeout(() => void look(), limitMs - usedMs);
  };
  running.timer = setTimeout(() => void look(), limitMs * 1.5);
}

function startThread(): Thread {
  const { heapLimitMb } = renderBudget();
  const worker = new Worker(workerFile, {
    name: "murmur-render",
    resourceLimits: {
      maxOldGenerationSizeMb: heapLimitMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.floor(heapLimitMb / 4)),
    },
  });
  const thread: Thread = { worker, known: [], running: null, idleTimer: null };
  worker.on("message", (reply: RenderReply) => onReply(thread, reply));
  worker.on("error", (error: Error & { code?: string }) => {
    const reason =
      error.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? OVER_MEMORY_REASON
        : `The message could not be made: ${error.message}`;
    stopThread(
      thread,
      new MessageRenderError(
        thread.running?.task.field ?? "content",
        reason,
        error.code === "ERR_WORKER_OUT_OF_MEMORY",
      ),
    );
  });
  worker.on("exit", () =>
    stopThread(
      thread,
      new MessageRenderError(thread.running?.task.field ?? "content", "The render thread stopped.", false),
    ),
  );
  threads.push(thread);
  return thread;
}

function onReply(thread: Thread, reply: RenderReply): void {
  const running = thread.running;
  if (!running || running.id !== reply.id) return;
  if (reply.kind === "prepared") {
    startClock(thread, running, renderBudget().timeLimitMs);
    return;
  }
  clearTimeout(running.timer);
  thread.running = null;
  if (reply.kind === "done") running.task.resolve(reply.message);
  else running.task.reject(fromRenderFailure(reply.failure));
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => void stopIdle(thread), IDLE_MS).unref();
  pump();
}

/** Takes a thread out of the pool for good, failing the message it was making; a new one starts when needed. */
function stopThread(thread: Thread, failure: MessageRenderError): void {
  const index = threads.indexOf(thread);
  if (index >= 0) threads.splice(index, 1);
  const running = thread.running;
  thread.running = null;
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  if (running) {
    clearTimeout(running.timer);
    running.task.reject(failure);
  }
  void thread.worker.terminate();
  pump();
}

async function stopIdle(thread: Thread): Promise<void> {
  if (thread.running !== null) return;
  const index = threads.indexOf(thread);
  if (index >= 0) threads.splice(index, 1);
  await thread.worker.terminate();
}
