/**
 * React access to the API endpoints of the system (for page-level actors that call the API).
 */
import type { ReactNode } from 'react'
import type { Endpoints } from '../api/endpoints.ts'
import { requiredContext } from './context.tsx'

const api = requiredContext<Endpoints>('ApiProvider')

export const ApiProvider = ({ api: value, children }: { api: Endpoints; children: ReactNode }) => <api.Provider value={value}>{children}</api.Provider>
/** The typed API calls (src/api/endpoints.ts). Throws outside `ApiProvider`. */
export const useApi = api.use
/** The API calls, or null outside `ApiProvider` (stories and tests of the shell that stub no calls). */
export const useOptionalApi = api.useOptional
