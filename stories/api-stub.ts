/**
 * Story helper: an API whose every call stays pending, so a story never reaches a server and
 * shows exactly the state it was started in.
 */
import type { Endpoints } from '../src/api/endpoints.ts'

const pending = () => new Promise<never>(() => {})

/** Every endpoint of src/api/endpoints.ts, never answering. */
export const pendingApi = new Proxy({}, { get: () => pending }) as Endpoints
