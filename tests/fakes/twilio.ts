import { randomBytes } from "node:crypto";
import { type RecordedRequest, startHttpFake } from "./http-fake.ts";

export const TWILIO_ACCOUNT_SID = `AC${"a1".repeat(16)}`;
export const TWILIO_AUTH_TOKEN = "f0e1d2c3b4a5968778695a4b3c2d1e0f";

const errorBody = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/**
 * Twilio's Messages API as it answers on the wire: Basic auth with the account SID
 * and auth token, a form-encoded POST, 201 with the message resource, and Twilio's
 * JSON error body (code, message, more_info, status) otherwise.
 */
export function startTwilioFake(port?: number) {
  return startHttpFake((request: RecordedRequest) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.path);
    if (request.method !== "POST" || !match)
      return { status: 404, body: errorBody(404, 20404, "The requested resource was not found") };
    const expected = `Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${TWILIO_AUTH_TOKEN}`).toString("base64")}`;
    if (match[1] !== TWILIO_ACCOUNT_SID || request.headers.authorization !== expected) {
      return { status: 401, body: errorBody(401, 20003, "Authenticate") };
    }
    const form = new URLSearchParams(request.body);
    const to = form.get("To") ?? "";
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return { status: 400, body: errorBody(400, 21211, `Invalid 'To' Phone Number: ${to}`) };
    if (!form.get("From") && !form.get("MessagingServiceSid")) {
      return {
        status: 400,
        body: errorBody(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message"),
      };
    }
    return {
      status: 201,
      body: {
        sid: `SM${randomBytes(16).toString("hex")}`,
        account_sid: TWILIO_ACCOUNT_SID,
        to,
        from: form.get("From"),
        messaging_service_sid: form.get("MessagingServiceSid"),
        body: form.get("Body"),
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        api_version: "2010-04-01",
        date_created: new Date().toUTCString().replace("GMT", "+0000"),
        error_code: null,
        error_message: null,
      },
    };
  }, port);
}

export { errorBody as twilioErrorBody };
