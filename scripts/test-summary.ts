// Prints one line with the totals of the unit/integration (Vitest) and end-to-end
// (Playwright) runs and the cluster scenario, read from their JSON reports under test-results/.
import { existsSync, readFileSync } from "node:fs";

type Totals = { passed: number; failed: number; skipped: number };
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };

const vitest = "test-results/vitest.json";
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const playwright = "test-results/e2e.json";
if (existsSync(playwright)) {
  const stats = JSON.parse(readFileSync(playwright, "utf8")).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

// The cluster scenario (scripts/cluster/scenario.ts) counts as one test.
const cluster = "test-results/cluster.json";
if (existsSync(cluster)) {
  const report = JSON.parse(readFileSync(cluster, "utf8"));
  if (report.failures?.length === 0) totals.passed += 1;
  else totals.failed += 1;
}

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exitCode = totals.failed > 0 || totals.passed === 0 ? 1 : 0;
