// The CSP nonce of the current response, handed from the server's entry to the document.
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

/** The nonce on the server; in the browser it is not needed (and browsers hide it). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
