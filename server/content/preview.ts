import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { getTeamSettings } from "#server/teams/settings.ts";
import { type BudgetedRenderer, prepareBudgetedRenderer } from "./budgeted-render.ts";
import { MessageRenderError } from "./message-render-error.ts";
import type { RenderableCampaign, RenderableContact } from "./render.ts";
import { sanitizeForDisplay } from "./sanitize.ts";
import { countSms, type SmsCount } from "#shared/content/sms-segments.ts";

export type CampaignPreview = {
  /** Who the message was rendered for; null when the team has no contacts yet (defaults show). */
  contact: { email: string | null; name: string | null } | null;
  message:
    | { channel: "EMAIL"; subject: string; html: string; text: string; postalAddress: string | null }
    | { channel: "SMS"; body: string; count: SmsCount }
    | { channel: "WHATSAPP"; template: string; language: string; bodyParameters: string[] };
};

const NOBODY: RenderableContact = { id: "", email: null, name: null, phone: null, attributes: {} };

/**
 * A campaign as one of the team's real contacts would get it: the one with
 * `contactEmail`, or else the team's oldest contact. Email HTML comes back
 * sanitised, ready to show in the app, with the postal address its footer will
 * carry. An unknown email is a 400 on `previewEmail`. The message is made as sending
 * makes it, on a render thread within the render budget.
 */
export async function previewCampaign(
  db: Database,
  options: { teamId: string; campaign: RenderableCampaign; contactEmail?: string | null },
): Promise<CampaignPreview> {
  const render = prepareBudgetedRenderer(options.campaign);
  const contact = await findPreviewContact(db, options.teamId, options.contactEmail?.trim() || null);
  const message = await renderFor(render, contact);
  // Sending adds a footer with the team's postal address; the preview says which, or that it is missing.
  const postalAddress =
    message.channel === "EMAIL" ? (await getTeamSettings(db, { teamId: options.teamId })).postalAddress : null;
  return {
    contact: contact ? { email: contact.email, name: contact.name } : null,
    message:
      message.channel === "EMAIL"
        ? {
            channel: "EMAIL",
            subject: message.subject,
            html: sanitizeForDisplay(message.html),
            text: message.text,
            postalAddress,
          }
        : message.channel === "SMS"
          ? { ...message, count: countSms(message.body) }
          : message,
  };
}

/**
 * Valid Liquid can still fail for one contact (a loop over their attribute runs past the
 * render budget). That is the author's to fix, so it is a 400 on the field, naming whom.
 */
async function renderFor(render: BudgetedRenderer, contact: RenderableContact | null) {
  try {
    return await render(contact ?? NOBODY);
  } catch (error) {
    if (!(error instanceof MessageRenderError)) throw error;
    const whom = contact?.email ?? contact?.name ?? "a contact with no details";
    throw new AppError("INVALID", `The message could not be made for ${whom}: ${error.message}`, {
      fields: { [error.field]: [`For ${whom}: ${error.message}`] },
    });
  }
}

async function findPreviewContact(
  db: Database,
  teamId: string,
  email: string | null,
): Promise<RenderableContact | null> {
  let query = db
    .selectFrom("contacts")
    .select(["id", "email", "name", "phone", "attributes"])
    .where("teamId", "=", teamId);
  query = email
    ? query.where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    : query.orderBy("createdAt", "asc").orderBy("id", "asc");
  const contact = await query.limit(1).executeTakeFirst();
  if (!contact && email) {
    throw new AppError("INVALID", `No contact with the email ${email} in this team.`, {
      fields: { previewEmail: ["No contact in this team has this email"] },
    });
  }
  return contact ?? null;
}
