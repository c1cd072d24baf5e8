/** What the toast a response flashes for the next page says, as the cookie carries it (base64 JSON). */
export function flashedText(response: Response): string {
  const value = /murmur_flash=([^;]*)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  return Buffer.from(decodeURIComponent(value), "base64").toString("utf8");
}
