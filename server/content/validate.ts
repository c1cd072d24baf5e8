import { AppError, type FieldErrors } from "../errors.ts";
import { describeLiquidError, type LiquidMode, parseLiquid, renderLiquid } from "./liquid.ts";

/** A contact with every field empty: a trial render catches what parsing cannot (a missing include). */
const TRIAL_SCOPE = { contact: { name: null, email: null, phone: null, attributes: {} } };

export type ContentToCheck = {
  type: string;
  subject?: string | null;
  content?: string | null;
  whatsappParameters?: string[];
};

/**
 * Checks the Liquid in each field the campaign's channel sends, against the
 * author's own text so line numbers match what they typed. Throws AppError
 * INVALID naming each bad field and why.
 */
export function requireValidLiquid(input: ContentToCheck): void {
  const fields: FieldErrors = {};
  const check = (field: string, source: string | null | undefined, mode: LiquidMode, label?: string) => {
    const reason = liquidProblem(source ?? "", mode);
    if (reason) (fields[field] ??= []).push(label ? `${label}: ${reason}` : reason);
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
  const named = Object.keys(fields);
  if (named.length > 0) {
    const where = named.map((field) => (field === "whatsapp.parameters" ? "WhatsApp parameters" : field)).join(" and ");
    throw new AppError("INVALID", `The ${where} ${named.length > 1 ? "are" : "is"} not valid Liquid.`, { fields });
  }
}

function liquidProblem(source: string, mode: LiquidMode): string | null {
  try {
    renderLiquid(parseLiquid(source, mode), TRIAL_SCOPE);
    return null;
  } catch (error) {
    return describeLiquidError(error);
  }
}
