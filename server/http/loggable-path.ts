// The paths a recipient's mail points at carry bearer tokens in their first segment:
// the open pixel (/t/o/), tracked links (/t/c/) and unsubscribe links (/u/). Anyone
// reading the logs could otherwise unsubscribe a reader, or follow their links and
// count clicks in their name. React Router matches paths case-insensitively, so the
// pattern does too.
const TOKEN_PATH = /^(\/+(?:t\/+[oc]|u)\/+)[^/?#]+/i;

/**
 * The path as it may be written to a log: for tracking and unsubscribe paths the
 * token segment becomes `:token` and any query string is left out (nothing in it
 * is needed to read the log, and a client may repeat the token there); other
 * paths are returned as they are.
 */
export function loggablePath(path: string): string {
  if (!TOKEN_PATH.test(path)) return path;
  return path.replace(/[?#].*$/s, "").replace(TOKEN_PATH, "$1:token");
}
