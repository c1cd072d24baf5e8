import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { MessageContent } from "#server/channels/types.ts";
import type { AppError } from "#server/errors.ts";
import { MessageRenderError } from "./message-render-error.ts";
import type { RenderableCampaign, RenderableContact } from "./render.ts";
import { OVER_MEMORY_REASON, overTimeReason, renderBudget } from "./render-budget.ts";
import { fromRenderFailure, PREPARING, type RenderReply, type RenderRequest, WAITING } from "./render-protocol.ts";

/**
 * One message to make: the campaign's templates under their key, and the field to blame when the thread has to be
 * stopped.
 */
export type RenderTask = { key: string; campaign: RenderableCampaign; contact: RenderableContact; field: string };

type Queued = RenderTask & {
  resolve: (message: MessageContent) => void;
  reject: (error: AppError | MessageRenderError) => void;
};
/** What the clock last saw the thread on (its place in the request) and the thread's CPU then. */
type Watched = { index: number; from: NodeJS.CpuUsage | null };
/** A request on a thread: its messages, how many of them are answered so far, and the clock's view. */
type Running = { tasks: Queued[]; answered: number; id: number; watched: Watched; timer?: NodeJS.Timeout };
type Thread = {
  worker: Worker;
  /** The thread's place in its request: a message's index, PREPARING or WAITING (render-protocol.ts). */
  progress: Int32Array;
  known: string[];
  running: Running | null;
  idleTimer: NodeJS.Timeout | null;
};

// As many threads as cores, two to four: on 2 cores one campaign whose every message
// uses its whole budget holds one thread, and the other teams' messages go through the other.
const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism()));
// Campaigns whose templates a thread keeps prepared; a chunk sends one campaign, and a
// worker runs a few chunks at once.
const KNOWN_CAMPAIGNS = 16;
// The most messages one request carries: a chunk's window of 50 goes in one or two, and a
// thread busy with a slow campaign's request is free again within a bounded time.
const MAX_REQUEST = 64;
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
 * template that does not parse). Messages wait their turn when every thread is busy;
 * the messages of one campaign queued together go to a thread in one request.
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
    const idle = threads.filter((candidate) => candidate.running === null);
    const free = idle.length + POOL_SIZE - threads.length;
    if (free === 0) return;
    const thread = idle[0] ?? startThread();
    dispatch(thread, takeRequest(free));
  }
}

/**
 * The queue's first messages of one campaign, in order and no further than the first of
 * another (so no team's messages overtake another's), shared out between the threads
 * free to make them.
 */
function takeRequest(freeThreads: number): Queued[] {
  const key = queue[0]!.key;
  let run = 1;
  while (run < queue.length && run < MAX_REQUEST * freeThreads && queue[run]!.key === key) run++;
  return queue.splice(0, Math.min(MAX_REQUEST, Math.ceil(run / freeThreads)));
}

function dispatch(thread: Thread, tasks: Queued[]): void {
  const budget = renderBudget();
  const first = tasks[0]!;
  const request: RenderRequest = {
    id: nextId++,
    key: first.key,
    contacts: tasks.map((task) => task.contact),
    budget,
  };
  const prepare = !thread.known.includes(first.key);
  if (prepare) {
    request.campaign = first.campaign;
    thread.known.push(first.key);
    if (thread.known.length > KNOWN_CAMPAIGNS) request.forget = thread.known.shift();
  }
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  thread.idleTimer = null;
  thread.worker.ref();
  const running: Running = { tasks, answered: 0, id: request.id, watched: { index: WAITING, from: null } };
  thread.running = running;
  startClock(thread, running, budget.timeLimitMs * 1.5);
  thread.worker.postMessage(request);
}

/**
 * The backstop behind liquidjs' own limits. Time is counted in the thread's CPU, not
 * by the clock, so a thread that only waited for a core on a busy machine is not
 * blamed for it. Asking a thread for its CPU time interrupts it, so nothing is asked
 * while requests finish in time (all but the rare one): the first look comes half the
 * message limit after the thread's own deadline (a message it stopped by itself is
 * reported by it, without replacing the thread). Each look reads which message the
 * thread is on (shared memory) and its CPU time: on a message first seen now, it only
 * takes a reading; on the same message as the last look, a thread that has used the
 * whole limit since has used more than the limit on this message, and is stopped.
 * Preparing the templates has its own limit.
 */
function startClock(thread: Thread, running: Running, delayMs: number): void {
  const look = async () => {
    if (thread.running !== running) return;
    const { timeLimitMs, prepareLimitMs } = renderBudget();
    // Not started yet (a new thread loading): nothing to time, and no reason to interrupt it.
    if (Atomics.load(thread.progress, 0) === WAITING) {
      running.timer = setTimeout(() => void look(), timeLimitMs);
      return;
    }
    const now = await thread.worker.cpuUsage().catch(() => null);
    if (thread.running !== running) return;
    const index = Atomics.load(thread.progress, 0);
    const limitMs = index === PREPARING ? prepareLimitMs : timeLimitMs;
    // While the templates are prepared, looks come at the messages' pace, so the first
    // message after them is watched from its start rather than from the end of the prepare limit.
    const lookAgain = (afterMs: number) => {
      running.timer = setTimeout(() => void look(), index === PREPARING ? Math.min(afterMs, timeLimitMs) : afterMs);
    };
    if (now === null) return stopThread(thread, overTimeReason(limitMs), true, index);
    const watched = running.watched;
    if (index !== watched.index) {
      running.watched = { index, from: now };
      return lookAgain(limitMs);
    }
    const usedMs = watched.from ? (now.user + now.system - watched.from.user - watched.from.system) / 1000 : 0;
    watched.from ??= now;
    if (usedMs >= limitMs) stopThread(thread, overTimeReason(limitMs), true, index);
    else lookAgain(limitMs - usedMs);
  };
  running.timer = setTimeout(() => void look(), delayMs);
}

function startThread(): Thread {
  const { heapLimitMb } = renderBudget();
  const progress = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  Atomics.store(new Int32Array(progress), 0, WAITING);
  const worker = new Worker(workerFile, {
    name: "murmur-render",
    workerData: { progress },
    resourceLimits: {
      maxOldGenerationSizeMb: heapLimitMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.floor(heapLimitMb / 4)),
    },
  });
  const thread: Thread = { worker, progress: new Int32Array(progress), known: [], running: null, idleTimer: null };
  worker.on("message", (reply: RenderReply) => onReply(thread, reply));
  worker.on("error", (error: Error & { code?: string }) => {
    const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
    stopThread(
      thread,
      outOfMemory ? OVER_MEMORY_REASON : `The message could not be made: ${error.message}`,
      outOfMemory,
    );
  });
  worker.on("exit", () => stopThread(thread, "The render thread stopped.", false));
  threads.push(thread);
  return thread;
}

function onReply(thread: Thread, reply: RenderReply): void {
  const running = thread.running;
  if (!running || running.id !== reply.id) return;
  const answered = running.tasks.slice(running.answered, running.answered + reply.outcomes.length);
  running.answered += answered.length;
  if (reply.done) {
    clearTimeout(running.timer);
    thread.running = null;
  }
  answered.forEach((task, index) => {
    const outcome = reply.outcomes[index]!;
    if (outcome.kind === "done") task.resolve(outcome.message);
    else task.reject(fromRenderFailure(outcome.failure));
  });
  if (!reply.done) return;
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => void stopIdle(thread), IDLE_MS).unref();
  pump();
}

/**
 * Takes a thread out of the pool for good; a new one starts when needed. The message it
 * was on fails with the reason (every message of the request when it was not on one:
 * preparing the templates they all share, or not started at all). The request's others
 * not answered yet, made or not, are lost with the thread and go back to the front of
 * the queue, in order, to be made again.
 */
function stopThread(
  thread: Thread,
  reason: string,
  overBudget: boolean,
  index = Atomics.load(thread.progress, 0),
): void {
  const at = threads.indexOf(thread);
  if (at >= 0) threads.splice(at, 1);
  const running = thread.running;
  thread.running = null;
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  if (running) {
    clearTimeout(running.timer);
    const open = running.tasks.slice(running.answered);
    const failed = index < 0 ? open : running.tasks.slice(index, index + 1);
    for (const task of failed) task.reject(new MessageRenderError(task.field, reason, overBudget));
    queue.unshift(...open.filter((task) => !failed.includes(task)));
  }
  void thread.worker.terminate();
  pump();
}

async function stopIdle(thread: Thread): Promise<void> {
  if (thread.running !== null) return;
  const at = threads.indexOf(thread);
  if (at >= 0) threads.splice(at, 1);
  await thread.worker.terminate();
}
