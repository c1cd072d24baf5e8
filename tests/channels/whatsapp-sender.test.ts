import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createWhatsAppSender } from "#server/channels/whatsapp-sender.ts";
import { graphError, startWhatsAppFake, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID } from "../fakes/whatsapp.ts";
import { outgoing } from "./messages.ts";

let meta: Awaited<ReturnType<typeof startWhatsAppFake>>;
beforeAll(async () => {
  meta = await startWhatsAppFake();
});
afterAll(() => meta.close());

const sender = (accessToken = WHATSAPP_ACCESS_TOKEN) =>
  createWhatsAppSender({
    baseUrl: meta.url,
    config: { phoneNumberId: WHATSAPP_PHONE_NUMBER_ID, apiVersion: "v23.0" },
    accessToken,
  });
const template = (name = "spring_sale", bodyParameters = ["Ada", "20%"]) =>
  outgoing("+447700900123", { channel: "WHATSAPP", template: name, language: "en_GB", bodyParameters });

describe("the WhatsApp Cloud API sender", () => {
  test("posts a template message with its language and body parameters, and keeps the wamid", async () => {
    const before = meta.requests.length;
    const outcome = await sender().send(template());

    expect(outcome).toEqual({ status: "sent", providerMessageId: expect.stringMatching(/^wamid\./) });
    const request = meta.requests[before]!;
    expect(request.path).toBe(`/v23.0/${WHATSAPP_PHONE_NUMBER_ID}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${WHATSAPP_ACCESS_TOKEN}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "447700900123",
      type: "template",
      template: {
        name: "spring_sale",
        language: { code: "en_GB" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ada" },
              { type: "text", text: "20%" },
            ],
          },
        ],
      },
    });
  });

  test("a template without parameters sends no components", async () => {
    const before = meta.requests.length;
    await sender().send(template("hello_world", []));
    expect(JSON.parse(meta.requests[before]!.body).template).toEqual({
      name: "hello_world",
      language: { code: "en_GB" },
    });
  });

  test("an unknown template is permanent, with Meta's code, message and details", async () => {
    expect(await sender().send(template("missing_template"))).toEqual({
      status: "failed",
      permanent: true,
      reason:
        "WhatsApp error 132001: (#132001) Template name does not exist in the translation (template name (missing_template) does not exist in en_GB)",
    });
  });

  test("a bad access token is permanent", async () => {
    expect(await sender("expired").send(template())).toMatchObject({
      status: "failed",
      permanent: true,
      reason: expect.stringContaining("WhatsApp error 190"),
    });
  });

  test("429 is transient and carries Retry-After", async () => {
    meta.queue({ status: 429, headers: { "Retry-After": "30" }, body: graphError(130429, "(#130429) Rate limit hit") });
    expect(await sender().send(template())).toEqual({
      status: "failed",
      permanent: false,
      reason: "WhatsApp error 130429: (#130429) Rate limit hit",
      retryAfterMs: 30_000,
    });
  });

  test("a throughput error sent as HTTP 400 is transient too", async () => {
    meta.queue({
      status: 400,
      body: graphError(131056, "(#131056) (Business Account, Consumer Account) pair rate limit hit"),
    });
    expect(await sender().send(template())).toMatchObject({ status: "failed", permanent: false });
  });

  test("5xx is transient", async () => {
    meta.queue({ status: 500, body: graphError(1, "An unknown error occurred") });
    expect(await sender().send(template())).toMatchObject({
      status: "failed",
      permanent: false,
      reason: "WhatsApp error 1: An unknown error occurred",
    });
  });

  test("an answer that is not a Graph API error is reported by its status, never its body", async () => {
    meta.queue({ status: 502, body: "<html>Bad gateway. Internal token: EAAG-internal-secret-9f8e7d</html>" });
    const outcome = await sender().send(template());
    expect(outcome).toMatchObject({
      status: "failed",
      permanent: false,
      reason: "Unexpected response from WhatsApp (HTTP 502)",
    });
    expect(JSON.stringify(outcome)).not.toContain("EAAG-internal-secret");
  });

  test("a redirect is not followed and fails with its status", async () => {
    const elsewhere = await startWhatsAppFake();
    meta.queue({ status: 301, headers: { Location: `${elsewhere.url}/v23.0/${WHATSAPP_PHONE_NUMBER_ID}/messages` } });
    try {
      expect(await sender().send(template())).toMatchObject({
        status: "failed",
        permanent: false,
        reason: "Unexpected response from WhatsApp (HTTP 301)",
      });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});
