/** The 413's message, one wording for pages, the API and a route that meets the limit while reading. */
export function tooLargeMessage(maxBytes: number): string {
  return `The request body is too large: at most ${describeBytes(maxBytes)} can be sent here.`;
}

/** A byte count as a person reads it in a message: "1 MB", "256 KB". */
function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.floor(bytes / 1024 / 1024)} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}
