import type { Selectable } from "kysely";
import type { Campaigns, Contacts } from "#db/types.ts";
import type { MessageContent } from "#server/channels/types.ts";
import { AppError } from "#server/errors.ts";
import {
  describeLiquidError,
  OverBudget,
  type ParsedTemplate,
  parseLiquid,
  type PersonalisationScope,
  type RenderLimits,
  renderLiquid,
} from "./liquid.ts";
import { markdownToHtmlTemplate } from "./markdown.ts";
import { MessageRenderError } from "./message-render-error.ts";
import { htmlTemplateToTextTemplate, htmlToPlainText, tidyPlainText } from "./plain-text.ts";
import { overSizeReason } from "./render-budget.ts";

/** The campaign columns a message is made from (a whole campaigns row will do). */
export type RenderableCampaign = Pick<
  Selectable<Campaigns>,
  "type" | "subject" | "content" | "contentFormat" | "whatsappTemplate" | "whatsappLanguage" | "whatsappParameters"
>;

/**
 * The recipient as personalisation sees it; a journey's message also sees the
 * event that started the contact's run (`event.properties`).
 */
export type RenderableContact = Pick<Selectable<Contacts>, "id" | "email" | "name" | "phone" | "attributes"> & {
  event?: { properties: unknown } | null;
};

/**
 * Personalises a campaign for one contact. With `limits` (the render threads give
 * them), the message stops at the deadline and may not be larger than the limit.
 * A failure is a MessageRenderError naming the field and the reason.
 */
export type CampaignRenderer = (contact: RenderableContact, limits?: RenderLimits) => MessageContent;

/**
 * Parses a campaign's templates once and returns a function that personalises them
 * for one contact at a time; the delivery engine calls it for every recipient.
 *
 * EMAIL: `html` is the author's HTML (or their Markdown as HTML) with outputs
 * HTML-escaped, `text` its plain-text version, `headers` empty (tracking and the
 * unsubscribe footer are added on top by delivery). SMS: `body`. WHATSAPP: the
 * template name and language as stored, and each body parameter personalised.
 *
 * Throws AppError INVALID naming the field when a template does not parse (content
 * is validated on save, so this only happens to rows saved before validation). Runs
 * on the calling thread: the budgeted way is `prepareBudgetedRenderer`.
 */
export function prepareCampaignRenderer(campaign: RenderableCampaign): CampaignRenderer {
  switch (campaign.type) {
    case "SMS": {
      const body = parseField("content", campaign.content ?? "", "text");
      return (contact, limits) =>
        withinSize(
          { channel: "SMS", body: renderField("content", body, scopeFor(contact), limits) },
          "content",
          limits,
        );
    }
    case "WHATSAPP": {
      const template = campaign.whatsappTemplate ?? "";
      const language = campaign.whatsappLanguage ?? "";
      const parameters = campaign.whatsappParameters.map((parameter) =>
        parseField("whatsapp.parameters", parameter, "text"),
      );
      return (contact, limits) => {
        const scope = scopeFor(contact);
        const bodyParameters = parameters.map((p) => renderField("whatsapp.parameters", p, scope, limits));
        return withinSize({ channel: "WHATSAPP", template, language, bodyParameters }, "whatsapp.parameters", limits);
      };
    }
    default:
      return prepareEmail(campaign);
  }
}

/** One message for one contact; for many contacts use `prepareCampaignRenderer` once. */
export function renderCampaignMessage(campaign: RenderableCampaign, contact: RenderableContact): MessageContent {
  return prepareCampaignRenderer(campaign)(contact);
}

function prepareEmail(campaign: RenderableCampaign): CampaignRenderer {
  const subject = parseField("subject", campaign.subject ?? "", "text");
  // Errors are reported against the author's own source, so line numbers match what they wrote.
  parseField("content", campaign.content ?? "", "html");
  const htmlSource = emailHtmlTemplate(campaign);
  const html = parseLiquid(htmlSource, "html");
  const text = tryParseText(htmlTemplateToTextTemplate(htmlSource));
  return (contact, limits) => {
    const scope = scopeFor(contact);
    const renderedSubject = oneLine(renderField("subject", subject, scope, limits));
    const renderedHtml = renderField("content", html, scope, limits);
    return withinSize(
      {
        channel: "EMAIL",
        subject: renderedSubject,
        html: renderedHtml,
        // A tag split across what the text conversion keeps (say, inside an attribute) cannot
        // be reused; then the rendered HTML is converted per contact, slower but the same.
        text: text ? tidyPlainText(renderField("content", text, scope, limits)) : htmlToPlainText(renderedHtml),
        headers: {},
      },
      "content",
      limits,
    );
  };
}

/** The email's HTML template: Markdown is turned into HTML here, Liquid left in place. */
export function emailHtmlTemplate(campaign: Pick<RenderableCampaign, "content" | "contentFormat">): string {
  const content = campaign.content ?? "";
  return campaign.contentFormat === "MARKDOWN" ? markdownToHtmlTemplate(content) : content;
}

function parseField(field: string, source: string, mode: "html" | "text"): ParsedTemplate {
  try {
    return parseLiquid(source, mode);
  } catch (error) {
    const reason = describeLiquidError(error);
    throw new AppError("INVALID", `The ${field} is not valid Liquid: ${reason}`, { fields: { [field]: [reason] } });
  }
}

function renderField(
  field: string,
  parsed: ParsedTemplate,
  scope: PersonalisationScope,
  limits: RenderLimits | undefined,
): string {
  try {
    return renderLiquid(parsed, scope, limits);
  } catch (error) {
    if (error instanceof OverBudget) throw new MessageRenderError(field, error.message, true);
    throw new MessageRenderError(field, describeLiquidError(error), false);
  }
}

/** The parts together within the byte limit (each part alone was checked as it was rendered). */
function withinSize(message: MessageContent, field: string, limits: RenderLimits | undefined): MessageContent {
  if (!limits) return message;
  const bytes = messageParts(message).reduce((total, part) => total + Buffer.byteLength(part), 0);
  if (bytes > limits.outputLimitBytes)
    throw new MessageRenderError(field, overSizeReason(limits.outputLimitBytes), true);
  return message;
}

/** The rendered texts of a message, what its size is counted over. */
export function messageParts(message: MessageContent): string[] {
  return message.channel === "EMAIL"
    ? [message.subject, message.html, message.text]
    : message.channel === "SMS"
      ? [message.body]
      : message.bodyParameters;
}

function tryParseText(source: string): ParsedTemplate | null {
  try {
    return parseLiquid(source, "text");
  } catch {
    return null;
  }
}

function scopeFor(contact: RenderableContact): PersonalisationScope {
  const attributes = contact.attributes;
  return {
    contact: {
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      attributes: attributes !== null && typeof attributes === "object" && !Array.isArray(attributes) ? attributes : {},
    },
    ...(contact.event ? { event: { properties: objectOrEmpty(contact.event.properties) } } : {}),
  };
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, " ").trim();
}
