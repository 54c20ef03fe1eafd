import { createContext, useContext } from 'react';

// The CSP nonce exists only on the server (browsers hide it from scripts): elements carrying it differ between server
// and client by design, and suppress React's hydration warning.
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
