/**
 * A message that could not be made for one contact: the field whose template failed,
 * and why, in words for the campaign's author. `overBudget` when it was too slow,
 * too large or too hungry rather than wrong (render-budget.ts).
 */
export class MessageRenderError extends Error {
  readonly field: string;
  readonly overBudget: boolean;

  constructor(field: string, reason: string, overBudget: boolean) {
    super(reason);
    this.name = "MessageRenderError";
    this.field = field;
    this.overBudget = overBudget;
  }
}
