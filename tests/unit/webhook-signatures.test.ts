import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  isValidTwilioSignature,
  isValidWhatsAppSignature,
  twilioSignature,
} from "#server/delivery/webhooks/signatures.ts";

// Twilio's own published example of a signed request.
const TWILIO_EXAMPLE = {
  authToken: "12345",
  url: "https://mycompany.com/myapp.php?foo=1&bar=2",
  params: [
    ["CallSid", "CA1234567890ABCDE"],
    ["Caller", "+14158675309"],
    ["Digits", "1234"],
    ["From", "+14158675309"],
    ["To", "+18005551212"],
  ] as [string, string][],
  signature: "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
};

describe("X-Twilio-Signature", () => {
  test("matches Twilio's published example whatever the order the parameters came in", () => {
    expect(twilioSignature(TWILIO_EXAMPLE.authToken, TWILIO_EXAMPLE.url, [...TWILIO_EXAMPLE.params].reverse())).toBe(
      TWILIO_EXAMPLE.signature,
    );
    expect(isValidTwilioSignature(TWILIO_EXAMPLE)).toBe(true);
  });

  test("accepts the URL with its default port written out", () => {
    expect(isValidTwilioSignature({ ...TWILIO_EXAMPLE, url: "https://mycompany.com:443/myapp.php?foo=1&bar=2" })).toBe(
      true,
    );
  });

  test("refuses a changed parameter, another URL, another token or no signature", () => {
    const params = TWILIO_EXAMPLE.params.map(([k, v]): [string, string] => [k, k === "Digits" ? "9999" : v]);
    expect(isValidTwilioSignature({ ...TWILIO_EXAMPLE, params })).toBe(false);
    expect(isValidTwilioSignature({ ...TWILIO_EXAMPLE, url: "https://mycompany.com/myapp.php?foo=1&bar=3" })).toBe(
      false,
    );
    expect(isValidTwilioSignature({ ...TWILIO_EXAMPLE, authToken: "54321" })).toBe(false);
    expect(isValidTwilioSignature({ ...TWILIO_EXAMPLE, signature: null })).toBe(false);
  });
});

describe("X-Hub-Signature-256", () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  const header = `sha256=${createHmac("sha256", "app-secret").update(body).digest("hex")}`;

  test("is the hex HMAC-SHA256 of the raw body with the app secret", () => {
    expect(isValidWhatsAppSignature("app-secret", body, header)).toBe(true);
    expect(isValidWhatsAppSignature("app-secret", body, header.toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
  });

  test("refuses another body, another secret or no header", () => {
    expect(isValidWhatsAppSignature("app-secret", Buffer.from(`${body.toString()} `), header)).toBe(false);
    expect(isValidWhatsAppSignature("other-secret", body, header)).toBe(false);
    expect(isValidWhatsAppSignature("app-secret", body, null)).toBe(false);
    expect(isValidWhatsAppSignature("app-secret", body, "sha256=")).toBe(false);
  });
});
