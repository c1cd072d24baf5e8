import { describe, expect, test } from "vitest";
import { prepareBudgetedRenderer } from "#server/content/budgeted-render.ts";
import { MessageRenderError } from "#server/content/message-render-error.ts";
import type { RenderableCampaign, RenderableContact } from "#server/content/render.ts";
import { setRenderBudget } from "#server/content/render-budget.ts";
import { stopRenderThreads } from "#server/content/render-pool.ts";

const sms = (content: string): RenderableCampaign => ({
  type: "SMS",
  subject: null,
  content,
  contentFormat: "HTML",
  whatsappTemplate: null,
  whatsappLanguage: null,
  whatsappParameters: [],
});
const contact = (name: string, attributes: Record<string, number> = {}): RenderableContact => ({
  id: name,
  email: `${name}@example.com`,
  name,
  phone: null,
  attributes,
});

describe("render threads", () => {
  test("a message that has its thread stopped fails alone: the messages around it, in flight and queued, are made", async () => {
    // Sorting millions of items is one filter call: only stopping the thread ends it.
    const render = prepareBudgetedRenderer(
      sms(
        "{% if contact.attributes.n %}{% assign a = (1..contact.attributes.n) | reverse | sort %}{% endif %}Hi {{ contact.name }}",
      ),
    );
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const results = await Promise.allSettled(
      names.map((name, i) => render(contact(name, i === 3 || i === 8 ? { n: 3_000_000 } : {}))),
    );
    results.forEach((result, i) => {
      if (i === 3 || i === 8) {
        expect(result.status).toBe("rejected");
        const error = (result as PromiseRejectedResult).reason;
        expect(error).toBeInstanceOf(MessageRenderError);
        expect(error).toMatchObject({
          field: "content",
          overBudget: true,
          message: "Content took too long to render (over 50 ms)",
        });
      } else {
        expect(result).toEqual({ status: "fulfilled", value: { channel: "SMS", body: `Hi p${i}` } });
      }
    });
  });

  test("the budget is the process's setting: a lower output limit refuses a message it allowed before", async () => {
    const render = prepareBudgetedRenderer(sms(`{% for i in (1..20) %}${"x".repeat(100)}{% endfor %}`));
    expect((await render(contact("a"))).channel).toBe("SMS");
    const restore = setRenderBudget({ outputLimitBytes: 1024 });
    try {
      await expect(render(contact("a"))).rejects.toThrow("Rendered content is larger than 1 KB");
    } finally {
      restore();
    }
    expect((await render(contact("a"))).channel).toBe("SMS");
  });

  test("a template that does not parse fails each message with the field and the reason", async () => {
    const render = prepareBudgetedRenderer(sms("Hi {{ contact.name | shout }}"));
    await expect(render(contact("a"))).rejects.toMatchObject({
      code: "INVALID",
      fields: { content: ["undefined filter: shout, line:1, col:4"] },
    });
    await expect(render(contact("b"))).rejects.toMatchObject({ code: "INVALID" });
  });

  test("templates that take longer than the prepare limit fail every message with the reason; the next campaign is made", async () => {
    // Markdown this long takes hundreds of ms of CPU to prepare, with no deadline of its own inside.
    const long = prepareBudgetedRenderer({
      ...sms("# News\n\n" + "Some *text* with a [link](https://example.com/a) and `code`.\n\n".repeat(3000)),
      type: "EMAIL",
      subject: "News",
      contentFormat: "MARKDOWN",
    });
    const restore = setRenderBudget({ prepareLimitMs: 20 });
    try {
      const results = await Promise.allSettled(["a", "b", "c"].map((name) => long(contact(name))));
      for (const result of results) {
        expect(result.status).toBe("rejected");
        expect((result as PromiseRejectedResult).reason).toMatchObject({
          field: "content",
          overBudget: true,
          message: "Content took too long to render (over 20 ms)",
        });
      }
      expect(await prepareBudgetedRenderer(sms("Hi {{ contact.name }}"))(contact("d"))).toEqual({
        channel: "SMS",
        body: "Hi d",
      });
    } finally {
      restore();
    }
  });

  test("a window of large messages is made whole, however much more than a thread's heap the messages add up to", async () => {
    // Each message is 640 KB (doubling a 10-character string 16 times). The pool sends a thread at most 64
    // messages a request, and 256 fill every thread's request (2 to 4 threads): 41 MB, past a 32 MB heap,
    // with room for the messages in flight (a 16 MB heap left so little that a message failed now and then).
    const large = prepareBudgetedRenderer(
      sms('{% assign s = "xxxxxxxxxx" %}{% for i in (1..16) %}{% assign s = s | append: s %}{% endfor %}{{ s }}'),
    );
    await stopRenderThreads();
    const restore = setRenderBudget({ heapLimitMb: 32 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 256 }, (_, i) => large(contact(`p${i}`))));
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      for (const result of results)
        expect((result as PromiseFulfilledResult<{ body: string }>).value.body).toHaveLength(655_360);
    } finally {
      restore();
      await stopRenderThreads();
    }
  });
});
