import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { serveArguments } from "../../scripts/serve-command.ts";

// The heap flags exist for reasons measured in docs/decisions/018-process-memory.md; the
// ways of starting Murmur must not drift apart and lose them.
test("npm start, npm run serve and the container start the entry with the same heap flags", () => {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const dockerCommand = /^CMD (\[.*\])$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];

  expect(serveArguments()).toEqual(["--max-semi-space-size=32", "--heap-growing-percent=200", "server.ts"]);
  expect(manifest.scripts.start).toBe("react-router build && npm run serve");
  expect(JSON.parse(dockerCommand!)).toEqual(["node", ...serveArguments()]);
});
