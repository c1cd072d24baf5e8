import { z } from "zod";
import { decodeSecretKey } from "./secrets/secret-key.ts";

/** An http(s) base URL without a trailing slash. */
const providerUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ""));

/** An operator's limit shown on the Usage page: a whole number of 1 or more, or unset for none. */
const usageLimit = z.coerce
  .number({ error: "must be a whole number, 1 or more (leave it unset for no limit)" })
  .int("must be a whole number, 1 or more (leave it unset for no limit)")
  .min(1, "must be a whole number, 1 or more (leave it unset for no limit)")
  .optional();

/** Days an operator's retention rule keeps rows: a whole number, 0 for forever. */
const retentionDays = (fallback: number) =>
  z.coerce
    .number({ error: "must be a whole number of days, 0 to keep forever" })
    .int("must be a whole number of days, 0 to keep forever")
    .min(0, "must be a whole number of days, 0 to keep forever")
    .max(36_500, "must be at most 36500 days (100 years); 0 keeps forever")
    .default(fallback);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection URL")
      .optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    ROLE: z.enum(["web", "worker", "all"]).default("all"),
    // Web processes sharing the port: one per container unless asked (server.ts runs more under node:cluster).
    WEB_CONCURRENCY: z.coerce
      .number({ error: "must be a whole number of processes from 1 to 64" })
      .int("must be a whole number of processes from 1 to 64")
      .min(1, "must be a whole number of processes from 1 to 64")
      .max(64, "must be a whole number of processes from 1 to 64")
      .default(1),
    // Proxy hops in front of Murmur whose X-Forwarded-For is trusted (0: the peer's address is the client's).
    TRUST_PROXY: z.coerce
      .number({ error: "must be a whole number of proxy hops, 0 or more" })
      .int("must be a whole number of proxy hops, 0 or more")
      .min(0, "must be a whole number of proxy hops, 0 or more")
      .max(100, "must be a whole number of proxy hops, at most 100")
      .default(0),
    // The bearer token a Prometheus scraper sends for GET /metrics; without it /metrics is a 404.
    METRICS_TOKEN: z
      .string()
      .min(16, "must be at least 16 characters (openssl rand -hex 16)")
      .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Cookies get the Secure flag when the public address is https.
    APP_URL: z.url().optional(),
    // Sending: messages per second per team and channel (0 = no limit), chunk jobs per
    // worker process, and how long a worker's claim on a message in flight lasts.
    SEND_RATE_EMAIL: z.coerce.number().min(0).default(0),
    SEND_RATE_SMS: z.coerce.number().min(0).default(0),
    SEND_RATE_WHATSAPP: z.coerce.number().min(0).default(0),
    SEND_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    SEND_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
    // How old a segment's stored member count may grow before a worker counts it again.
    SEGMENT_COUNT_MAX_AGE_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .default(600),
    // Sign-ups one client address may make in an hour, successful ones included.
    SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    // The most a request body may hold, where a route needs no more (the CSV import and import API keep theirs).
    MAX_BODY_BYTES: z.coerce
      .number()
      .int("must be a whole number of bytes")
      .min(16 * 1024, "must be at least 16384 (16 KB)")
      .max(64 * 1024 * 1024, "must be at most 67108864 (64 MB)")
      .optional(),
    // Signs open, click and unsubscribe links; without it a random key kept in the database does.
    TRACKING_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // Encrypts channel secrets at rest; without it a key is generated under DATA_DIR.
    MURMUR_SECRET_KEY: z
      .string()
      .refine((value) => decodeSecretKey(value) !== null, "must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
    // The OpenAI-compatible model the AI Prompt tab uses; without both, the built-in interpreter does.
    AI_BASE_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, such as https://api.openai.com/v1" })
      .optional(),
    AI_MODEL: z.string().trim().min(1).optional(),
    AI_API_KEY: z.string().optional(),
    AI_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).optional(),
    // Where the SMS and WhatsApp providers' APIs are: the operator's choice (a proxy, a
    // local fake in tests), never a team's, so no team can make the server call elsewhere.
    TWILIO_BASE_URL: providerUrl("https://api.twilio.com"),
    WHATSAPP_BASE_URL: providerUrl("https://graph.facebook.com"),
    // An SMTP relay on the operator's own network (loopback, private, link-local...) is
    // refused unless the operator says teams may use one.
    // The operator's limits a team's usage is shown against (Settings → Usage); unset, none.
    MURMUR_LIMIT_CONTACTS: usageLimit,
    MURMUR_LIMIT_EVENTS_PER_MONTH: usageLimit,
    MURMUR_LIMIT_EMAILS_PER_MONTH: usageLimit,
    MURMUR_LIMIT_SMS_PER_MONTH: usageLimit,
    MURMUR_LIMIT_WHATSAPP_PER_MONTH: usageLimit,
    MURMUR_LIMIT_STORAGE_MB: usageLimit,
    // Retention of data that is not a team's own record (a team chooses how long it keeps its
    // product events in Team Settings); 0 keeps forever. Defaults in server/retention/settings.ts.
    ENGAGEMENT_RETENTION_DAYS: retentionDays(730),
    OUTBOX_RETENTION_DAYS: retentionDays(90),
    EVENT_DEDUP_DAYS: retentionDays(30),
    JOB_HISTORY_DAYS: retentionDays(7),
    ALLOW_PRIVATE_SMTP: z
      .enum(["0", "1", "true", "false"], { error: "must be 1 (allow) or 0 (refuse)" })
      .default("0")
      .transform((value) => value === "1" || value === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.AI_BASE_URL && !env.AI_MODEL)
      ctx.addIssue({
        code: "custom",
        path: ["AI_MODEL"],
        message: "is required with AI_BASE_URL (the model's name, such as gpt-4o-mini)",
      });
    if (env.AI_MODEL && !env.AI_BASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["AI_BASE_URL"],
        message: "is required with AI_MODEL (the chat-completions endpoint's base URL)",
      });
  });

export type Env = z.infer<typeof EnvSchema>;

/** Reads the environment once at boot; a wrong value stops the process with every problem named. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Murmur cannot start, the environment is not valid:\n${lines.join("\n")}`);
}

/**
 * LOG_LEVEL for the logger, which exists before boot parses the rest: checked by the same
 * schema, so a wrong value is named rather than failing inside pino. Tests log nothing unless asked.
 */
export function readLogLevel(source: Record<string, string | undefined> = process.env): Env["LOG_LEVEL"] {
  const level = source.LOG_LEVEL || undefined;
  if (!level && source.NODE_ENV === "test") return "silent";
  return parseEnv({ LOG_LEVEL: level }).LOG_LEVEL;
}
