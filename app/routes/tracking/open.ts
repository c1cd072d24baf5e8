import type { Route } from "./+types/open";
import { getDb } from "#db/database.ts";
import { clientOf } from "#app/http/context.ts";
import { log } from "#server/log.ts";
import { getTrackingKey } from "#server/tracking/key.ts";
import { recordOpen } from "#server/tracking/record-hit.ts";
import { readOpenToken } from "#server/tracking/tokens.ts";

// A transparent 1×1 GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The open pixel. It always answers the image, whatever the token: a mail client
 * shows nothing broken, and a prober learns nothing. Never cached, so every fetch
 * reaches us (a cached pixel would hide later opens).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method === "GET") {
    try {
      const db = getDb();
      const deliveryId = readOpenToken(await getTrackingKey(db), params.token.replace(/\.gif$/, ""));
      if (deliveryId) await recordOpen(db, { deliveryId, ...clientOf(request, context) });
    } catch (error) {
      log.error({ err: error }, "recording an open failed");
    }
  }
  return new Response(PIXEL, {
    headers: {
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.length),
      "Cache-Control": "no-store, no-cache, must-revalidate, max-age=0, private",
      Pragma: "no-cache",
      Expires: "0",
    },
  });
}
