/**
 * Points the seeded Umbrella workspace at the running demo provider (server/sso/demo-idp.ts) at
 * each start: the seed runs once per data directory, while the provider's port and client secret
 * change from start to start. The demo people who already have an account (the seeded
 * sso@umbrella.test) are linked to their demo identity, since the issuer is new at each start:
 * the operator's own start-up vouches for its own provider, so Sara signs in on the first try.
 * A connection an operator pointed elsewhere (any issuer that is not
 * plain http on the loopback) is left alone, and so is a workspace named otherwise.
 */
import { and, eq, like, ne } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { organizations, ssoConnections, ssoDomains, ssoIdentities, users } from '../db/schema.ts'
import type { SsoSecretBox } from './secret.ts'

/** The seeded workspace the demo provider is registered for, and its email domain. */
export const DEMO_SSO_WORKSPACE = { name: 'Umbrella', domain: 'umbrella.test' } as const

/** Whether `issuer` is plain http on the loopback (the demo provider, or another local one). */
const isLocalIssuer = (issuer: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(issuer)

/**
 * Writes Umbrella's connection for `provider`. Resolves with the workspace id it connected, or
 * undefined when it left things alone (no such workspace; a connection to another provider; the
 * domain taken by another workspace).
 */
export async function connectDemoWorkspace(
  db: Database,
  secrets: SsoSecretBox,
  provider: { readonly issuer: string; readonly clientId: string; readonly clientSecret: string },
  people: ReadonlyArray<{ readonly sub: string; readonly email: string }> = [],
): Promise<string | undefined> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, DEMO_SSO_WORKSPACE.name)).limit(1)
  if (org === undefined) return undefined
  const [existing] = await db.select({ issuer: ssoConnections.issuer }).from(ssoConnections).where(eq(ssoConnections.orgId, org.id))
  if (existing !== undefined && !isLocalIssuer(existing.issuer)) return undefined
  const [domainOwner] = await db.select({ orgId: ssoDomains.orgId }).from(ssoDomains).where(eq(ssoDomains.domain, DEMO_SSO_WORKSPACE.domain))
  if (domainOwner !== undefined && domainOwner.orgId !== org.id) return undefined
  const sealed = await secrets.seal(org.id, provider.clientSecret)
  const now = new Date()
  await db.transaction(async (tx) => {
    await tx
      .insert(ssoConnections)
      .values({ orgId: org.id, issuer: provider.issuer, clientId: provider.clientId, clientSecret: sealed, updatedAt: now, createdAt: now })
      .onConflictDoUpdate({ target: ssoConnections.orgId, set: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: sealed, updatedAt: now } })
    await tx.insert(ssoDomains).values({ domain: DEMO_SSO_WORKSPACE.domain, orgId: org.id }).onConflictDoNothing()
    // Links to the demo providers of earlier starts lead nowhere now.
    await tx.delete(ssoIdentities).where(and(eq(ssoIdentities.orgId, org.id), ne(ssoIdentities.issuer, provider.issuer), like(ssoIdentities.issuer, 'http://%')))
    for (const person of people) {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email))
      if (user === undefined) continue
      await tx
        .insert(ssoIdentities)
        .values({ issuer: provider.issuer, subject: person.sub, userId: user.id, orgId: org.id, createdAt: now })
        .onConflictDoNothing()
    }
  })
  return org.id
}

/** The running demo provider as main.ts holds it. */
export interface DemoSso {
  /** The start banner's line: where the provider is and whom it signs in. */
  readonly bannerLine: string
  close(): Promise<void>
}

/**
 * Starts the demo provider on `port` of 127.0.0.1 (a free port when that one is taken), registered
 * for `<publicOrigin>/sso/callback`, and points Umbrella at it.
 * @throws when the provider cannot start at all (main.ts logs it and serves without it).
 */
export async function startDemoSso(db: Database, secrets: SsoSecretBox, port: number, publicOrigin: string): Promise<DemoSso> {
  const redirectUris = [new URL('/sso/callback', publicOrigin).href]
  // Loaded only when on: a production server (SSO_DEMO_IDP=off) never loads oidc-provider.
  const { DEMO_IDP_ACCOUNTS, startDemoIdp } = await import('./demo-idp.ts')
  const idp = await startDemoIdp({ port, redirectUris }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error
    return startDemoIdp({ port: 0, redirectUris })
  })
  const orgId = await connectDemoWorkspace(db, secrets, idp, DEMO_IDP_ACCOUNTS)
  const people = DEMO_IDP_ACCOUNTS.map((a) => a.email).join(', ')
  return {
    bannerLine:
      orgId === undefined
        ? `  single sign-on demo provider at ${idp.issuer} (Umbrella is connected elsewhere: left alone)`
        : `  single sign-on: demo provider at ${idp.issuer} for Umbrella; on /signin 'Continue with single sign-on' as ${people} / demo-password (SSO_DEMO_IDP=off turns it off)`,
    close: () => idp.close(),
  }
}
