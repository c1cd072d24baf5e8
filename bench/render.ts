// bench/render: the cost of making a message in-process (prepareCampaignRenderer, as
// sending did before render threads) against the budgeted way (prepareBudgetedRenderer:
// a render thread, windows of 50 at a time as a chunk renders them), for the email of
// bench/send and a longer personalised one. No database. Prints JSON: per message, the
// CPU of the calling thread (the event loop that sends), of the whole process (render
// threads included), and the wall time.
// Usage: node bench/render.ts [--messages 20000]
import { performance } from "node:perf_hooks";
import { prepareBudgetedRenderer } from "#server/content/budgeted-render.ts";
import { prepareCampaignRenderer, type RenderableCampaign, type RenderableContact } from "#server/content/render.ts";
import { stopRenderThreads } from "#server/content/render-pool.ts";

const at = process.argv.indexOf("--messages");
const MESSAGES = at > 0 ? Number(process.argv[at + 1]) : 20_000;
const WINDOW = 50;

const base = {
  type: "EMAIL" as const,
  contentFormat: "HTML" as const,
  whatsappTemplate: null,
  whatsappLanguage: null,
  whatsappParameters: [],
};
const TEMPLATES: Record<string, RenderableCampaign> = {
  "bench/send email": {
    ...base,
    subject: "Spring news for {{ contact.name }}",
    content: `<h1>Spring news</h1><p>Hello {{ contact.name }},</p><p>${"Our spring collection is here. ".repeat(20)}</p>
<p><a href="https://example.com/spring">See the collection</a> · <a href="https://example.com/blog">Read the blog</a></p>`,
  },
  "personalised newsletter": {
    ...base,
    subject:
      '{{ contact.attributes.first_name | default: "Hello" }}, your {{ contact.attributes.plan | upcase }} update',
    content: `<table><tr><td><h1>Hi {{ contact.name | default: "there" }}</h1>
{% if contact.attributes.vip %}<p>Thanks for being one of our best customers.</p>{% endif %}
${"<p>News paragraph with a <a href='https://example.com/news'>link</a> and some text to read.</p>".repeat(15)}
<ul>{% for tag in contact.attributes.tags %}<li>{{ tag | capitalize }}</li>{% endfor %}</ul>
<p>You have {{ contact.attributes.seats | default: 1 }} seats; {{ contact.attributes.orders | times: 2 }} points.</p>
</td></tr></table>`,
  },
};

const contacts: RenderableContact[] = Array.from({ length: MESSAGES }, (_, i) => ({
  id: `00000000-0000-7000-8000-${String(i).padStart(12, "0")}`,
  email: `person${i}@example.com`,
  name: `Person ${i}`,
  phone: null,
  attributes: {
    first_name: `Person${i}`,
    plan: i % 2 ? "pro" : "free",
    vip: i % 5 === 0,
    tags: ["beta", "news"],
    seats: i % 20,
    orders: i % 7,
  },
}));

async function measure(run: () => Promise<void>) {
  const wall = performance.now();
  const thread = process.threadCpuUsage();
  const all = process.cpuUsage();
  await run();
  const perMessage = (micros: number) => Math.round((micros / MESSAGES) * 10) / 10;
  const threadUsed = process.threadCpuUsage(thread);
  const allUsed = process.cpuUsage(all);
  return {
    callingThreadCpuMicrosPerMessage: perMessage(threadUsed.user + threadUsed.system),
    processCpuMicrosPerMessage: perMessage(allUsed.user + allUsed.system),
    wallMicrosPerMessage: perMessage((performance.now() - wall) * 1000),
  };
}

const results: Record<string, unknown> = {};
for (const [name, campaign] of Object.entries(TEMPLATES)) {
  const inProcess = prepareCampaignRenderer(campaign);
  const budgeted = prepareBudgetedRenderer(campaign);
  // Warm both (JIT, threads started, templates prepared on each thread).
  for (const contact of contacts.slice(0, 2_000)) inProcess(contact);
  for (let i = 0; i < 2_000; i += WINDOW) await Promise.all(contacts.slice(i, i + WINDOW).map((c) => budgeted(c)));
  results[name] = {
    inProcess: await measure(async () => {
      for (const contact of contacts) inProcess(contact);
    }),
    budgeted: await measure(async () => {
      for (let i = 0; i < MESSAGES; i += WINDOW)
        await Promise.all(contacts.slice(i, i + WINDOW).map((c) => budgeted(c)));
    }),
  };
}
await stopRenderThreads();
console.log(JSON.stringify({ messages: MESSAGES, window: WINDOW, results }, null, 2));
