// bench/conversions: the campaign page's conversion figure for a campaign of N
// recipients, read from the stored conversions, and what keeping them costs: the
// recount after a goal is set on a campaign whose events are already stored, in
// steps of RECOUNT_RECIPIENTS_PER_ROUND recipients. Prints JSON.
// Usage: node bench/conversions.ts [--recipients 50000] [--events-per-contact 10] [--reads 20]
import { readCampaignConversions } from "#server/analytics/campaign-conversions.ts";
import { recountConversions } from "#server/analytics/recount-conversions.ts";
import { seedConversionsDataset, setGoals } from "./lib/conversions-dataset.ts";
import { startBenchDatabase } from "./lib/send-fixtures.ts";

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const RECIPIENTS = arg("recipients", 50_000);
const EVENTS_PER_CONTACT = arg("events-per-contact", 10);
const READS = arg("reads", 20);

const bench = await startBenchDatabase("bench-conversions", { fast: true });
try {
  const { teamId, campaignId, rivalId } = await seedConversionsDataset(bench.db, {
    recipients: RECIPIENTS,
    eventsPerContact: EVENTS_PER_CONTACT,
  });
  await setGoals(bench.db, [campaignId, rivalId]);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let steps = 0;
  while (await recountConversions(bench.db)) steps++;
  const recountMs = performance.now() - started;
  const recountServerCpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;

  const latencies: number[] = [];
  let figure: unknown;
  for (let i = 0; i < READS; i++) {
    const at = performance.now();
    figure = await readCampaignConversions(bench.db, { teamId, campaignId });
    latencies.push(performance.now() - at);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  console.log(
    JSON.stringify(
      {
        benchmark: "conversions",
        recipients: RECIPIENTS,
        events: RECIPIENTS * EVENTS_PER_CONTACT,
        figure,
        readMs: { p50: at(0.5), p95: at(0.95), max: at(1) },
        recount: { steps, seconds: Math.round(recountMs) / 1000, serverCpuMs: Math.round(recountServerCpuMs) },
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
