import type { ApiAuth } from "#shared/api/operation.ts";

/** The three ways a client signs its calls, as OpenAPI security schemes. */
export const SECURITY_SCHEMES = {
  sessionToken: {
    type: "http",
    scheme: "bearer",
    description:
      "The token `POST /api/auth/login` or `POST /api/auth/signup` answers, as `Authorization: Bearer <token>`.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    description: "An API key made in Settings → API keys, in the same header: `Authorization: Bearer <key>`.",
  },
  writeKey: {
    type: "http",
    scheme: "basic",
    description:
      "A write key as the HTTP Basic user name with an empty password, as Segment's SDKs send it (`writeKey` in the body also works).",
  },
} as const;

/** Which schemes an operation accepts: any one of them signs the call; none for public operations. */
export function securityOf(auth: ApiAuth): Record<string, string[]>[] {
  if (auth === "bearer") return [{ sessionToken: [] }, { apiKey: [] }];
  if (auth === "write-key") return [{ writeKey: [] }];
  return [];
}
