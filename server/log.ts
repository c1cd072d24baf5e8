import pino from "pino";
import { readLogLevel } from "./env.ts";

/**
 * One JSON logger for the process; LOG_LEVEL tunes it, tests silence it. Each line names
 * its process: under WEB_CONCURRENCY several write to the same output.
 */
export const log = pino({
  level: readLogLevel(),
  base: { service: "murmur", pid: process.pid },
});
