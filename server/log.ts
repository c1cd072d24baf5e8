import pino from "pino";
import { readLogLevel } from "./env.ts";

/** One JSON logger for the process; LOG_LEVEL tunes it, tests silence it. */
export const log = pino({
  level: readLogLevel(),
  base: { service: "murmur" },
});
