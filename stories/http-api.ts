/**
 * Story helper: the app's real API client (src/api) with a signed-in session that never expires,
 * for stories whose HTTP is answered by Mock Service Worker handlers (`parameters.msw.handlers`,
 * .storybook/msw.ts) rather than by stubbed actors.
 */
import { createApiClient } from '../src/api/client.ts'
import { createEndpoints, type Endpoints } from '../src/api/endpoints.ts'

/** Where the stories' API lives; msw handlers match `${API}/...`. */
export const API = '/api'

/** Endpoints over fetch to `${location.origin}/api`, as Ada in Acme (token `story-token`). */
export function httpApi(): Endpoints {
  return createEndpoints(
    createApiClient({
      baseUrl: `${window.location.origin}${API}`,
      session: {
        credentials: () => ({ accessToken: 'story-token', orgId: 'o-acme' }),
        ensureFresh: async () => {},
        refreshAfterUnauthorized: async () => {
          throw new Error('The story session cannot be refreshed')
        },
      },
    }),
  )
}
