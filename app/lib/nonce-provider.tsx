import { createContext, useContext } from 'react'

// The CSP nonce of the current response, so <Scripts> and inline JSON-LD carry it.
const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
