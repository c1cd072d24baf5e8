// `npm run cluster`: starts the cluster topology (scripts/cluster/topology.ts) on the
// built app and keeps it running until Ctrl+C, for trying the app behind a load
// balancer by hand. Usage: npm run build && node scripts/cluster/start.ts [--base-port N]
// (DATABASE_URL set: that PostgreSQL instead of an embedded one of its own).
import { startTopology } from "./topology.ts";

const at = process.argv.indexOf("--base-port");
const topology = await startTopology({
  basePort: at > 0 ? Number(process.argv[at + 1]) : undefined,
  databaseUrl: process.env.DATABASE_URL,
});
console.log(
  JSON.stringify(
    {
      loadBalancer: topology.url,
      web: topology.web.map((process) => process.url),
      workers: topology.workers.map((process) => process.url),
      logs: topology.dir,
    },
    null,
    2,
  ),
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await topology.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
