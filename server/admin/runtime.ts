/**
 * How the admin CLI (`npm run admin`, server/admin/cli.ts) finds and authenticates to a running
 * server. PGlite serves one process per data directory (server/db/client.ts), so while a server
 * holds DATA_DIR the CLI must go through the server's internal API instead of opening the
 * database itself.
 *
 * Files in DATA_DIR (also with DATABASE_URL: DATA_DIR is then only used for these):
 *
 * - `internal-api-key` (mode 0600): the internal API key, written at every start when the key is
 *   the generated one (with INTERNAL_API_KEY set the file is removed: the CLI needs the same
 *   variable then, and an operator-supplied secret is not copied to disk).
 * - `server.json`: `{ "url": "http://127.0.0.1:3000", "pid": 1234 }`, written once the server
 *   listens and removed at shutdown. A file left by a crashed server is recognised by its pid no
 *   longer running.
 *
 * The key itself is generated on first start and kept in the `server_secrets` table, like the
 * access-token signing key, so it survives restarts and is the same for every server on one
 * PostgreSQL database.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

/** File name of the key in DATA_DIR. */
export const INTERNAL_KEY_FILE = 'internal-api-key'
/** File name of the running server's address in DATA_DIR. */
export const SERVER_INFO_FILE = 'server.json'
/** The request header carrying the internal API key. */
export const INTERNAL_KEY_HEADER = 'x-internal-api-key'

const SECRET_NAME = 'internal_api_key'

/**
 * The internal API key: `override` (INTERNAL_API_KEY) when given, else the persisted one,
 * generated (32 random bytes, base64url) on first start. Safe when two servers race on an empty
 * PostgreSQL: the insert ignores conflicts and both read back the winner.
 * @returns the key and whether it is the generated (persisted) one.
 */
export async function loadInternalApiKey(db: Database, override: string | undefined): Promise<{ key: string; generated: boolean }> {
  if (override !== undefined) return { key: override, generated: false }
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The internal API key could not be stored')
  return { key: row.value, generated: true }
}

/**
 * Whether `given` is `expected`, in time independent of where they differ: both are hashed to
 * 32 bytes first, so neither their contents nor their lengths leak through timing.
 */
export function internalKeyMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined || given === '') return false
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest()
  return timingSafeEqual(digest(expected), digest(given))
}

/**
 * Writes the generated key to `DATA_DIR/internal-api-key` with mode 0600 (owner only), or, for an
 * operator-supplied key, removes a key file left by an earlier start so the CLI does not send a
 * stale key.
 */
export async function publishInternalApiKey(dataDir: string, key: { key: string; generated: boolean }): Promise<void> {
  const file = path.join(dataDir, INTERNAL_KEY_FILE)
  if (!key.generated) {
    await rm(file, { force: true })
    return
  }
  // With DATABASE_URL nothing else creates DATA_DIR: a fresh host may not have it yet.
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, `${key.key}\n`, { mode: 0o600 })
  // `mode` applies only when the file is created: tighten a file that already existed.
  await chmod(file, 0o600)
}

/** The key the CLI should send: INTERNAL_API_KEY, else the key file; undefined if neither. */
export async function readInternalApiKey(dataDir: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const fromEnv = env.INTERNAL_API_KEY?.trim()
  if (fromEnv) return fromEnv
  const fromFile = await readFile(path.join(dataDir, INTERNAL_KEY_FILE), 'utf8').catch(() => undefined)
  return fromFile?.trim() || undefined
}

/** What `server.json` holds. */
export interface ServerInfo {
  /** Base URL the CLI can connect to (a wildcard listen address is replaced by loopback). */
  readonly url: string
  readonly pid: number
}

/**
 * The URL a local client uses for a server listening on `address:port`: 0.0.0.0 and :: (every
 * interface) are not connectable addresses, so loopback is used for them.
 */
export function localUrl(address: string, family: string, port: number): string {
  if (family === 'IPv6' || address.includes(':')) {
    return `http://[${address === '::' ? '::1' : address}]:${port}`
  }
  return `http://${address === '0.0.0.0' ? '127.0.0.1' : address}:${port}`
}

/**
 * Writes `DATA_DIR/server.json` atomically (a temporary file renamed over it), so a reader never
 * sees a half-written file.
 * @returns a function removing the file again, if it still names this process (a newer server on
 *   the same DATA_DIR may have replaced it).
 */
export async function publishServerInfo(dataDir: string, info: ServerInfo): Promise<() => Promise<void>> {
  const file = path.join(dataDir, SERVER_INFO_FILE)
  await mkdir(dataDir, { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(info)}\n`, { mode: 0o644 })
  await rename(temporary, file)
  return async () => {
    const current = await readServerInfo(dataDir)
    if (current?.pid === info.pid) await rm(file, { force: true })
  }
}

/** `DATA_DIR/server.json` if present and well-formed; undefined otherwise. */
export async function readServerInfo(dataDir: string): Promise<ServerInfo | undefined> {
  const raw = await readFile(path.join(dataDir, SERVER_INFO_FILE), 'utf8').catch(() => undefined)
  if (raw === undefined) return undefined
  try {
    const parsed = JSON.parse(raw) as { url?: unknown; pid?: unknown }
    if (typeof parsed.url === 'string' && Number.isSafeInteger(parsed.pid) && (parsed.pid as number) > 0) {
      return { url: parsed.url, pid: parsed.pid as number }
    }
  } catch {
    // a torn or hand-edited file: treated as absent
  }
  return undefined
}

/** Whether a process with this pid runs (EPERM: it exists but belongs to another user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
