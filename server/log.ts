import pino from "pino";

/** One JSON logger for the process; LOG_LEVEL tunes it, tests silence it. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "murmur" },
});
