import { ORIGIN } from "../requests.ts";

/**
 * The no-JavaScript CSV upload as a browser sends a large file: multipart, streamed in
 * pieces without a Content-Length. `parts` are the file's text, concatenated.
 */
export function streamedUpload(parts: string[], options: { fileName?: string; pieceBytes?: number } = {}): Request {
  const { fileName = "contacts.csv", pieceBytes = 64 * 1024 } = options;
  const encoder = new TextEncoder();
  const pieces = [
    `--up\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ...parts,
    "\r\n--up--\r\n",
  ];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) {
        const bytes = encoder.encode(piece);
        for (let at = 0; at < bytes.length; at += pieceBytes) controller.enqueue(bytes.slice(at, at + pieceBytes));
      }
      controller.close();
    },
  });
  return new Request(`${ORIGIN}/dashboard/segments/import`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=up" },
    body,
    duplex: "half",
  } as RequestInit);
}
