/**
 * React access to the API endpoints of the system (for page-level actors that call the API).
 */
import { createContext, type ReactNode, useContext } from 'react'
import type { Endpoints } from '../api/endpoints.ts'

const ApiContext = createContext<Endpoints | null>(null)

export function ApiProvider({ api, children }: { api: Endpoints; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
}

/** The typed API calls (src/api/endpoints.ts). Throws outside `ApiProvider`. */
export function useApi(): Endpoints {
  const api = useContext(ApiContext)
  if (!api) throw new Error('useApi must be used inside <ApiProvider>')
  return api
}
