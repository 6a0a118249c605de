/**
 * The calls of SPEC.md §7 used so far, as typed functions over the API client.
 * Each returns the contract-decoded response or rejects with `ApiError`.
 */
import {
  LogoutResponse,
  SignInResponse,
  type SignInRequest,
  TokenResponse,
  VerifyTokenResponse,
  WorkspacesResponse,
} from '../../contract/api.ts'
import type { ApiClient } from './client.ts'

export function createEndpoints(client: ApiClient) {
  return {
    /** `POST /users/signin` (ours). 401 `invalid_credentials` on a wrong email or password. */
    signIn: (body: SignInRequest) =>
      client.request({ method: 'POST', path: '/users/signin', body, response: SignInResponse, authenticated: false }),
    /** `POST /users/refresh-token`: rotates the refresh token. 401 when it is unknown, expired or reused. */
    refreshToken: (refreshToken: string) =>
      client.request({ method: 'POST', path: '/users/refresh-token', body: { refresh_token: refreshToken }, response: TokenResponse, authenticated: false }),
    /** `GET /users/verify-token` for the org in x-org-id. */
    verifyToken: () => client.request({ method: 'GET', path: '/users/verify-token', response: VerifyTokenResponse }),
    /** `POST /users/logout`: revokes the refresh token; answers where to go next. */
    logout: (body: { refresh_token: string; token: string }) =>
      client.request({ method: 'POST', path: '/users/logout', body, response: LogoutResponse }),
    /** `GET /users/my-workspaces`. */
    myWorkspaces: () => client.request({ method: 'GET', path: '/users/my-workspaces', response: WorkspacesResponse }),
  }
}

export type Endpoints = ReturnType<typeof createEndpoints>
