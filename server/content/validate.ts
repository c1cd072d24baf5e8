import { AppError, type FieldErrors } from "#server/errors.ts";
import { prepareBudgetedRenderer } from "./budgeted-render.ts";
import { describeLiquidError, type LiquidMode, parseLiquid } from "./liquid.ts";
import { MessageRenderError } from "./message-render-error.ts";
import type { RenderableCampaign, RenderableContact } from "./render.ts";
import { TRIAL_CONTACTS } from "./trial-contacts.ts";

export type ContentToCheck = {
  type: string;
  subject?: string | null;
  content?: string | null;
  contentFormat?: "HTML" | "MARKDOWN" | null;
  whatsappParameters?: string[];
};

/**
 * Checks the Liquid in each field the campaign's channel sends, against the
 * author's own text so line numbers match what they typed; then makes the message
 * as sending would, within the render budget, for a contact with every field empty
 * and for a realistic one, so a template that fails or runs over the budget (a loop
 * over a large range) is refused now rather than for each recipient. Throws AppError
 * INVALID naming each bad field and why.
 */
export async function requireValidLiquid(input: ContentToCheck): Promise<void> {
  const fields = syntaxProblems(input);
  if (Object.keys(fields).length > 0) {
    throw new AppError(
      "INVALID",
      `The ${fieldNames(fields)} ${Object.keys(fields).length > 1 ? "are" : "is"} not valid Liquid.`,
      { fields },
    );
  }
  const problem = await trialRenderProblem(input);
  if (problem) {
    const where = fieldNames({ [problem.field]: [] });
    const message = problem.overBudget
      ? `The ${where} could not be rendered: ${problem.message}`
      : `The ${where} is not valid Liquid.`;
    throw new AppError("INVALID", message, { fields: { [problem.field]: [problem.message] } });
  }
}

function syntaxProblems(input: ContentToCheck): FieldErrors {
  const fields: FieldErrors = {};
  const check = (field: string, source: string | null | undefined, mode: LiquidMode, label?: string) => {
    try {
      parseLiquid(source ?? "", mode);
    } catch (error) {
      const reason = describeLiquidError(error);
      (fields[field] ??= []).push(label ? `${label}: ${reason}` : reason);
    }
  };
  if (input.type === "EMAIL") {
    check("subject", input.subject, "text");
    check("content", input.content, "html");
  } else if (input.type === "SMS") {
    check("content", input.content, "text");
  } else {
    (input.whatsappParameters ?? []).forEach((parameter, index) =>
      check("whatsapp.parameters", parameter, "text", `Parameter ${index + 1} ({{${index + 1}}})`),
    );
  }
  return fields;
}

async function trialRenderProblem(input: ContentToCheck): Promise<MessageRenderError | null> {
  const campaign: RenderableCampaign = {
    type: input.type === "SMS" || input.type === "WHATSAPP" ? input.type : "EMAIL",
    subject: input.subject ?? null,
    content: input.content ?? null,
    contentFormat: input.contentFormat ?? "HTML",
    whatsappTemplate: null,
    whatsappLanguage: null,
    whatsappParameters: input.whatsappParameters ?? [],
  };
  const render = prepareBudgetedRenderer(campaign);
  for (const contact of TRIAL_CONTACTS satisfies RenderableContact[]) {
    try {
      await render(contact);
    } catch (error) {
      if (error instanceof MessageRenderError) return error;
      // Parsing the Markdown's HTML can fail where the author's own text did not.
      if (error instanceof AppError && error.fields) {
        const [field, reasons] = Object.entries(error.fields)[0]!;
        return new MessageRenderError(field, reasons[0] ?? error.message, false);
      }
      throw error;
    }
  }
  return null;
}

function fieldNames(fields: FieldErrors): string {
  return Object.keys(fields)
    .map((field) => (field === "whatsapp.parameters" ? "WhatsApp parameters" : field))
    .join(" and ");
}
