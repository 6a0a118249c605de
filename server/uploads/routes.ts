/**
 * `/api/data-storage/*` (SPEC.md §3 Upload request, §7 `POST /data-storage/get-presigned-url`):
 *
 * - `POST /get-presigned-url` (bearer; `x-org-id` not needed: uploads belong to the user, not to
 *   a workspace, and a signed-in person may upload from any page) body contract
 *   `PresignedUrlRequest` → 200 `PresignedUrlResponse`; 400 bad body (an SVG or any non-image
 *   type included); 401 no valid access token or the user no longer exists; 503 uploads off.
 * - `PUT /uploads/{key}?expires&signature` (embedded storage only; the signed URL is the
 *   credential, no bearer) → 204; see `LocalUploadStorage.receive` for the refusals.
 * - `GET /files/{key}/{name}` (embedded storage only) → 200 the bytes with the stored content
 *   type, `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy and
 *   `Content-Disposition: inline`; 404 otherwise.
 *
 * The PUT and GET routes are mounted on the root app before `/api` ({@link uploadFileRoutes}),
 * so the API's 64 kB body limit does not apply to them: the upload has its own cap, enforced
 * while reading.
 */
import { Hono } from 'hono'
import { eq } from 'drizzle-orm'
import { ErrorCode } from '../../contract/api.ts'
import { uploadsApi } from '../../contract/uploads.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { bearerUserId } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { ApiError, notFound, unauthorized } from '../http/errors.ts'
import type { LocalUploadStorage } from './local.ts'
import type { UploadStorage } from './storage.ts'

/**
 * The policy of a served upload: nothing in it may load or run anything, and a browser opening
 * it in a tab treats it as a sandboxed, opaque-origin document. Images display regardless.
 */
export const UPLOADED_FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"

export interface PresignRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** Undefined: uploads are off and the endpoint answers 503. */
  readonly storage: UploadStorage | undefined
  /** The public origin local upload URLs are built from (APP_URL), never the request's Host. */
  readonly publicOrigin: () => string
}

/** `POST /get-presigned-url`, to be mounted at `/api/data-storage`. */
export function presignRoutes(deps: PresignRoutesDeps): Hono {
  const app = new Hono()
  // The bearer is checked (401) before the body is read.
  contractRoutes(app, '/data-storage').late(uploadsApi.presignedUrl, [], async (c, { readBody }) => {
    const userId = await bearerUserId(c.req.header('authorization'), deps.signingKey, Math.floor(deps.now() / 1000))
    if (userId === undefined) throw unauthorized()
    const body = await readBody()
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (user === undefined) throw unauthorized()
    if (deps.storage === undefined) throw new ApiError(503, ErrorCode.internal, 'File uploads are not available on this server.')
    const answer = await deps.storage.presign({ userId, fileName: body.fileName, contentType: body.contentType, size: body.size, origin: deps.publicOrigin() })
    return answer
  })
  return app
}

/** The embedded storage's PUT and GET, to be mounted at `/api/data-storage` on the root app. */
export function uploadFileRoutes(storage: LocalUploadStorage): Hono {
  const app = new Hono()
  app.put('/uploads/:key', async (c) => {
    await storage.receive({
      key: c.req.param('key'),
      expires: c.req.query('expires'),
      signature: c.req.query('signature'),
      contentType: c.req.header('content-type'),
      contentLength: c.req.header('content-length'),
      body: c.req.raw.body,
    })
    return c.body(null, 204)
  })
  app.get('/files/:key/:name', async (c) => {
    const file = await storage.read(c.req.param('key'), c.req.param('name'))
    if (file === undefined) throw notFound('There is no such file.')
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.length),
      'Content-Disposition': `inline; filename="${file.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': UPLOADED_FILE_CSP,
      'Cross-Origin-Resource-Policy': 'cross-origin',
    })
  })
  return app
}
