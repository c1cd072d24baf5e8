import pino from "pino";
import { afterAll, beforeAll, vi } from "vitest";
import { log } from "#server/log.ts";

/**
 * The process's own logger, writing at info level into the returned list instead of
 * stdout, for the file's tests: the JSON lines an operator's log collector would read.
 */
export function captureLogLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const destination = (log as unknown as Record<symbol, { write: (line: string) => boolean }>)[pino.symbols.streamSym]!;
  let level = log.level;
  beforeAll(() => {
    level = log.level;
    log.level = "info";
    vi.spyOn(destination, "write").mockImplementation((line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    });
  });
  afterAll(() => {
    log.level = level;
    vi.restoreAllMocks();
  });
  return lines;
}
