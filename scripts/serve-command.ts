import { readFileSync } from "node:fs";

/**
 * The arguments `npm run serve` (and so `npm start`) gives Node: the heap flags and the
 * entry. Read from package.json, so that benchmarks and tests start the server exactly as
 * an operator does, without an npm process between them and the server's processes.
 */
export function serveArguments(): string[] {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = manifest.scripts.serve!.trim().split(/\s+/);
  if (command !== "node") throw new Error(`package.json's serve script must run node directly, not ${command}`);
  return args;
}
