import { randomBytes } from "node:crypto";
import { type RecordedRequest, startHttpFake } from "./http-fake.ts";

export const WHATSAPP_PHONE_NUMBER_ID = "106540352242922";
export const WHATSAPP_ACCESS_TOKEN = "EAAJB3xZCmPZBwBO4yExampleAccessToken0123456789";

export const graphError = (code: number, message: string, details?: string) => ({
  error: {
    message,
    type: "OAuthException",
    code,
    ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
    fbtrace_id: "AbCdEfGhIjKlMnOp",
  },
});

/**
 * Meta's WhatsApp Cloud API /messages edge as it answers on the wire: a Bearer
 * token, a JSON template message, 200 with the contact and the message's wamid,
 * or a Graph API error body.
 */
export function startWhatsAppFake() {
  return startHttpFake((request: RecordedRequest) => {
    const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(request.path);
    if (request.method !== "POST" || !match) return { status: 404, body: graphError(100, "Unsupported post request.") };
    if (request.headers.authorization !== `Bearer ${WHATSAPP_ACCESS_TOKEN}`) {
      return { status: 401, body: graphError(190, "Invalid OAuth access token - Cannot parse access token") };
    }
    const body = JSON.parse(request.body) as {
      to?: string;
      template?: { name?: string; language?: { code?: string } };
    };
    if (body.template?.name === "missing_template") {
      return {
        status: 404,
        body: graphError(
          132001,
          "(#132001) Template name does not exist in the translation",
          `template name (missing_template) does not exist in ${body.template.language?.code}`,
        ),
      };
    }
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}`, message_status: "accepted" }],
      },
    };
  });
}
