/**
 * The part of `oidc-provider` (v9, which ships no type declarations) that server/sso/demo-idp.ts
 * uses: the provider (a Koa application), its interaction helpers and its grants.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface Interaction {
    readonly uid: string
    readonly prompt: { readonly name: string; readonly details: Record<string, unknown> }
    readonly params: Record<string, unknown>
  }

  export interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export interface KoaContextWithOidc {
    readonly oidc: {
      readonly result?: { readonly consent?: { readonly grantId?: string } }
      readonly session: { readonly accountId?: string; grantIdFor(clientId: string): string | undefined }
      readonly client: { readonly clientId: string }
      readonly provider: Provider
    }
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    readonly issuer: string
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
    readonly Grant: {
      new (fields: { accountId?: string; clientId: string }): Grant
      find(id: string): Promise<Grant | undefined>
    }
  }

  export default Provider
}
