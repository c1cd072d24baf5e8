// bench/analytics-fixed-cost: what one cheap dashboard page (the account page) costs
// the server and PostgreSQL, one request at a time on an idle team: the share every
// dashboard page pays before its own work (session, layout loader, shell, middleware).
// Usage: npm run build && node bench/analytics-fixed-cost.ts
//   with NODE_OPTIONS="--cpu-prof --cpu-prof-dir=<dir>" for profiles of the server's processes.
// FIXED_COST_REQUESTS (default 300) requests, after 50 to warm up.
import { sessionCookie } from "#app/http/cookies.ts";
import { signUp, startBenchApp } from "./lib/app-server.ts";

const REQUESTS = Number(process.env.FIXED_COST_REQUESTS ?? 300);
const PORT = 3419;

const app = await startBenchApp({ port: PORT, pss: false });
try {
  const token = await signUp(app.baseUrl);
  const cookie = (await sessionCookie.serialize(token)).split(";")[0]!;
  const get = async () => {
    const response = await fetch(`${app.baseUrl}/dashboard/account`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/dashboard/account: ${response.status}`);
  };
  for (let i = 0; i < 50; i++) await get();
  const before = app.cpuSeconds();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await get();
  const elapsed = performance.now() - started;
  const after = app.cpuSeconds();
  const perRequest = (seconds: number) => Math.round((seconds * 10_000) / REQUESTS) / 10;
  console.log(
    JSON.stringify({
      page: "/dashboard/account",
      requests: REQUESTS,
      meanMs: Math.round((elapsed / REQUESTS) * 10) / 10,
      serverCpuMsPerRequest: perRequest(after.server - before.server),
      postgresCpuMsPerRequest: perRequest(after.postgres - before.postgres),
    }),
  );
} finally {
  await app.stop();
}
