import { AppError } from "#server/errors.ts";

/**
 * The refusal for a request whose database went away (a 503 with Retry-After): clients
 * and load balancers treat it as passing, where a 500 says the request itself failed.
 * Every write of the API is safe to send again (messageIds, import chunk indexes).
 */
export function databaseUnavailable(): AppError {
  return new AppError("UNAVAILABLE", "The database cannot be reached for a moment. Please try again shortly.", {
    retryAfterSeconds: 2,
  });
}
