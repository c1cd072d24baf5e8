import type { MessageContent } from "#server/channels/types.ts";
import { AppError, type ErrorCode, type FieldErrors } from "#server/errors.ts";
import { MessageRenderError } from "./message-render-error.ts";
import type { RenderableCampaign, RenderableContact } from "./render.ts";
import type { RenderBudget } from "./render-budget.ts";

/**
 * What the render pool asks of a render thread: the messages of one campaign, made in
 * order. One request for a window of messages, where one each cost both threads a
 * wake-up and a structured clone per message, more than making the message itself.
 */
export type RenderRequest = {
  id: number;
  /** Names the campaign's templates (a hash of them). */
  key: string;
  /** Sent the first time a thread renders this key; the thread keeps it prepared. */
  campaign?: RenderableCampaign;
  /** A key the thread may drop: the pool no longer counts on it being there. */
  forget?: string;
  contacts: RenderableContact[];
  budget: RenderBudget;
};

/** One message's result, in the order of the request's contacts. */
export type RenderOutcome = { kind: "done"; message: MessageContent } | { kind: "failed"; failure: RenderFailure };

/**
 * The next results of a request, following those of its earlier replies; `done` on the
 * last. A thread sends what it has made on once it adds up to a message's size limit,
 * so a request's output is never held whole in the thread's bounded heap.
 */
export type RenderReply = { id: number; outcomes: RenderOutcome[]; done: boolean };

/**
 * Where a thread is in its request, shared with the pool (a SharedArrayBuffer, so the
 * pool can read it without a message): the index of the contact being made, PREPARING
 * while the campaign's templates are, WAITING before the request reaches it (a new
 * thread starting up, whose own start is not the campaign's to pay for) and after it
 * is done. The pool's clock blames the message being made.
 */
export const PREPARING = -1;
export const WAITING = -2;

/** An error as it crosses between threads (class instances do not survive structured cloning). */
export type RenderFailure =
  | { type: "invalid"; code: ErrorCode; message: string; fields?: FieldErrors }
  | { type: "render"; field: string; reason: string; overBudget: boolean };

export function toRenderFailure(error: unknown, field: string): RenderFailure {
  if (error instanceof AppError)
    return { type: "invalid", code: error.code, message: error.message, fields: error.fields };
  if (error instanceof MessageRenderError)
    return { type: "render", field: error.field, reason: error.message, overBudget: error.overBudget };
  return { type: "render", field, reason: error instanceof Error ? error.message : String(error), overBudget: false };
}

export function fromRenderFailure(failure: RenderFailure): AppError | MessageRenderError {
  return failure.type === "invalid"
    ? new AppError(failure.code, failure.message, { fields: failure.fields })
    : new MessageRenderError(failure.field, failure.reason, failure.overBudget);
}
