/**
 * A workspace's single sign-on connection in the database: `sso_connections` (issuer, client id,
 * the sealed client secret), `sso_domains` (the email domains it answers for, each owned by one
 * workspace) and the workspace's `is_sso_enabled` ('Require single sign-on', SPEC.md §3).
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { SsoSettings } from '../../contract/sso.ts'
import type { Database } from '../db/client.ts'
import { organizations, ssoConnections, ssoDomains } from '../db/schema.ts'

/** A stored connection, its secret still sealed. */
export interface StoredConnection {
  readonly orgId: string
  readonly issuer: string
  readonly clientId: string
  readonly sealedSecret: string
}

/** The connection of `orgId`, or undefined when it has none. */
export async function findConnection(db: Database, orgId: string): Promise<StoredConnection | undefined> {
  const [row] = await db
    .select({ orgId: ssoConnections.orgId, issuer: ssoConnections.issuer, clientId: ssoConnections.clientId, sealedSecret: ssoConnections.clientSecret })
    .from(ssoConnections)
    .where(eq(ssoConnections.orgId, orgId))
  return row
}

/** The connection answering for email `domain` (lower-case), or undefined when no workspace has it. */
export async function findConnectionByDomain(db: Database, domain: string): Promise<StoredConnection | undefined> {
  const [row] = await db
    .select({ orgId: ssoConnections.orgId, issuer: ssoConnections.issuer, clientId: ssoConnections.clientId, sealedSecret: ssoConnections.clientSecret })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.orgId, ssoDomains.orgId))
    .where(eq(ssoDomains.domain, domain))
  return row
}

/** The domains of `orgId`, sorted. */
export async function listDomains(db: Database, orgId: string): Promise<string[]> {
  const rows = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.orgId, orgId)).orderBy(ssoDomains.domain)
  return rows.map((r) => r.domain)
}

/** Which of `domains` another workspace than `orgId` has. */
export async function domainsTakenElsewhere(db: Database, orgId: string, domains: ReadonlyArray<string>): Promise<string[]> {
  if (domains.length === 0) return []
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, [...domains]), ne(ssoDomains.orgId, orgId)))
  return rows.map((r) => r.domain).sort()
}

/** The settings as `GET /organizations/sso` answers them. */
export async function readSettings(db: Database, orgId: string, redirectUri: string): Promise<SsoSettings | undefined> {
  const [org] = await db.select({ requireSso: organizations.isSsoEnabled }).from(organizations).where(eq(organizations.id, orgId))
  if (org === undefined) return undefined
  const [connection, domains] = await Promise.all([findConnection(db, orgId), listDomains(db, orgId)])
  return {
    configured: connection !== undefined,
    issuer: connection?.issuer ?? '',
    client_id: connection?.clientId ?? '',
    has_client_secret: connection !== undefined && connection.sealedSecret !== '',
    domains,
    require_sso: org.requireSso,
    redirect_uri: redirectUri,
  }
}

/**
 * Writes `orgId`'s connection, its domains (replacing the old list) and its requirement, through
 * `tx` (the caller's transaction, so a domain clash rolls everything back).
 */
export async function writeConnection(
  tx: Database,
  connection: StoredConnection & { readonly domains: ReadonlyArray<string>; readonly requireSso: boolean; readonly now: Date },
): Promise<void> {
  const { orgId } = connection
  await tx
    .insert(ssoConnections)
    .values({ orgId, issuer: connection.issuer, clientId: connection.clientId, clientSecret: connection.sealedSecret, updatedAt: connection.now, createdAt: connection.now })
    .onConflictDoUpdate({
      target: ssoConnections.orgId,
      set: { issuer: connection.issuer, clientId: connection.clientId, clientSecret: connection.sealedSecret, updatedAt: connection.now },
    })
  await tx.delete(ssoDomains).where(eq(ssoDomains.orgId, orgId))
  if (connection.domains.length > 0) await tx.insert(ssoDomains).values(connection.domains.map((domain) => ({ domain, orgId })))
  await tx.update(organizations).set({ isSsoEnabled: connection.requireSso }).where(eq(organizations.id, orgId))
}

/**
 * Removes `orgId`'s connection and domains and turns its requirement off (nobody could sign in
 * through a connection that is gone). True when there was a connection.
 */
export async function deleteConnection(tx: Database, orgId: string): Promise<boolean> {
  const removed = await tx.delete(ssoConnections).where(eq(ssoConnections.orgId, orgId)).returning({ orgId: ssoConnections.orgId })
  await tx.delete(ssoDomains).where(eq(ssoDomains.orgId, orgId))
  await tx.update(organizations).set({ isSsoEnabled: false }).where(eq(organizations.id, orgId))
  return removed.length > 0
}
