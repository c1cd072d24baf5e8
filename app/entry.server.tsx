import { Writable } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { cspNonceContext } from "./http/context.ts";
import { log } from "#server/log.ts";
import {
  notePageFailure,
  PAGE_UNAVAILABLE,
  pageFailedForDatabase,
  UNAVAILABLE_RETRY_AFTER,
  unavailableDataResponse,
} from "#server/http/unavailable-pages.ts";
import { CspNonce } from "./lib/csp-nonce.ts";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering, and answers it as one body with
 * its length. No loader returns deferred data, so streaming the shell first sends
 * nothing sooner; it only cut the page into many small writes, each passed through
 * a web stream and written to the socket on its own, which cost more CPU per page
 * than rendering the 50 rows of the Contacts page (docs/decisions/017-server-rendering.md).
 */
/**
 * Every error a page's loader, action or render throws. An unreachable database is a
 * warning (the page answers 503, see handleRequest); anything else is logged as an error.
 * A request its client abandoned is not logged at all.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  if (notePageFailure(request, error)) {
    log.warn({ err: error }, "database unavailable");
    return;
  }
  log.error({ err: error }, "page failed");
}

/** A client-side navigation's or fetcher's data request: a 503 saying why when PostgreSQL was out of reach. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  return pageFailedForDatabase(request) ? unavailableDataResponse(response) : response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (pageFailedForDatabase(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", UNAVAILABLE_RETRY_AFTER);
    // The boundaries then say why, where they would show a sanitised "Unexpected Server Error":
    // a 503 route error response, rendered (and carried to the browser by hydration) as a
    // thrown `data(PAGE_UNAVAILABLE, 503)` would be.
    const { errors } = routerContext.staticHandlerContext;
    for (const routeId of Object.keys(errors ?? {}))
      errors![routeId] = new ErrorResponse(503, "Service Unavailable", PAGE_UNAVAILABLE);
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let shellRendered = false;
    // Whatever has not rendered by then is sent as it stands, for the browser to finish.
    const timeoutId = setTimeout(() => rendering.abort(), streamTimeout + 1000);
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.byteLength));
        resolve(new Response(body, { status: responseStatusCode, headers: responseHeaders }));
        callback();
      },
    });

    // The response's Content-Security-Policy admits only inline scripts carrying its
    // nonce: React's own (nonce below), React Router's hydration data (<ServerRouter
    // nonce>) and the document's <Scripts> and <ScrollRestoration> (app/root.tsx,
    // through CspNonce).
    const nonce = loadContext.get(cspNonceContext) || undefined;
    const options: RenderToPipeableStreamOptions = {
      nonce,
      onAllReady() {
        rendering.pipe(document);
      },
      onShellReady() {
        shellRendered = true;
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject above and are logged by React Router; these are the ones after it.
        if (shellRendered) log.error({ err: error }, "rendering failed after the page's shell");
      },
    };
    const rendering = renderToPipeableStream(
      <CspNonce value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce>,
      options,
    );
  });
}
