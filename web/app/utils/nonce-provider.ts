import { createContext, useContext } from 'react';

/*
 * The CSP nonce only exists on the server: it is needed only in the HTML that the browser parses, and browsers hide
 * the attribute's value from scripts. On the client the context keeps its empty default, so the elements that carry
 * the nonce differ between server and client by design and suppress React's hydration warning.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
