import { createContext, useContext } from "react";

/**
 * The response's Content-Security-Policy nonce, provided by the server entry while it
 * renders. In the browser it is the empty string, which is also what the DOM shows for
 * a nonce attribute (browsers hide its value from the page), so hydration finds the
 * same attribute the server wrote.
 */
export const CspNonce = createContext("");

/** The nonce for inline scripts and the links React Router renders in the document. */
export function useCspNonce(): string {
  return useContext(CspNonce);
}
