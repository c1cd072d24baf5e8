import type { MessageContent } from "#server/channels/types.ts";
import { AppError, type ErrorCode, type FieldErrors } from "#server/errors.ts";
import { MessageRenderError } from "./message-render-error.ts";
import type { RenderableCampaign, RenderableContact } from "./render.ts";
import type { RenderBudget } from "./render-budget.ts";

/** What the render pool asks of a render thread: one message. */
export type RenderRequest = {
  id: number;
  /** Names the campaign's templates (a hash of them). */
  key: string;
  /** Sent the first time a thread renders this key; the thread keeps it prepared. */
  campaign?: RenderableCampaign;
  /** A key the thread may drop: the pool no longer counts on it being there. */
  forget?: string;
  contact: RenderableContact;
  budget: RenderBudget;
};

/** `prepared` comes first when the request carried a campaign, so the pool can start the message's own clock. */
export type RenderReply =
  | { id: number; kind: "prepared" }
  | { id: number; kind: "done"; message: MessageContent }
  | { id: number; kind: "failed"; failure: RenderFailure };

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
