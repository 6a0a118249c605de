/**
 * The embedded upload storage: files on local disk under `dir` (DATA_DIR/uploads), behind
 * HMAC-signed, expiring, single-use PUT URLs served by this same server
 * (server/uploads/routes.ts):
 *
 * - `presign` records the upload in the `uploads` table (key, user, sanitised file name, content
 *   type, declared size, expiry) and signs `PUT /api/data-storage/uploads/{key}?expires&signature`.
 * - `receive` checks the signature (constant time) and the expiry, claims the row (a URL works
 *   once: a second PUT, even after a failed first one, is refused), reads the body up to the cap
 *   (stopping as soon as it is exceeded), checks the magic bytes against the content type, and
 *   writes the file (temporary name, then rename, so a reader never sees half a file).
 * - `read` returns a stored file for `GET /api/data-storage/files/{key}/{name}`.
 *
 * A refused upload leaves nothing behind: its row is deleted, so its URL stays refused.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { ErrorCode } from '../../contract/api.ts'
import { UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_S, sanitizeFileName, type PresignedUrlResponse } from '../../contract/uploads.ts'
import type { Database } from '../db/client.ts'
import { uploads } from '../db/schema.ts'
import { ApiError, notFound } from '../http/errors.ts'
import { signUpload, verifyUploadSignature, type UploadSigningKey } from './signing.ts'
import { SNIFF_BYTES, detectImageType } from './sniff.ts'
import type { PresignRequest, UploadStorage } from './storage.ts'

/** Upload keys: 16 random bytes, base64url (22 characters). */
export const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** Path of the PUT route under the API base, for a key. */
export const uploadPath = (key: string) => `/api/data-storage/uploads/${key}`
/** Path of the GET route under the API base, for a key and its stored name. */
export const filePath = (key: string, name: string) => `/api/data-storage/files/${key}/${encodeURIComponent(name)}`

export interface LocalUploadStorageOptions {
  readonly db: Database
  /** Absolute directory for the files (created on first upload). */
  readonly dir: string
  readonly secret: UploadSigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** URL lifetime, seconds; default {@link UPLOAD_URL_TTL_S}. */
  readonly ttlS?: number
  /** Size cap, bytes; default {@link UPLOAD_MAX_BYTES}. */
  readonly maxBytes?: number
}

/** What `PUT /api/data-storage/uploads/{key}` hands to {@link LocalUploadStorage.receive}. */
export interface IncomingUpload {
  readonly key: string
  readonly expires: string | undefined
  readonly signature: string | undefined
  /** The request's Content-Type header. */
  readonly contentType: string | undefined
  /** The request's Content-Length header, if any. */
  readonly contentLength: string | undefined
  readonly body: ReadableStream<Uint8Array> | null
}

/** A stored file, for `GET /api/data-storage/files/{key}/{name}`. */
export interface StoredFile {
  readonly bytes: Buffer
  readonly contentType: string
  readonly fileName: string
}

export interface LocalUploadStorage extends UploadStorage {
  readonly kind: 'local'
  /**
   * Stores the body of a signed PUT.
   * @returns the stored size in bytes.
   * @throws ApiError 403 `forbidden` (bad or missing signature, content type other than the
   *   signed one, expired, unknown or already used URL), 413 `invalid_request` (larger than the
   *   cap or the declared size), 415 `invalid_request` (bytes that are not the promised image type),
   *   400 `invalid_request` (no body).
   */
  receive(upload: IncomingUpload): Promise<number>
  /** The file, or undefined when there is none at that key and name (never uploaded, refused, or still arriving). */
  read(key: string, name: string): Promise<StoredFile | undefined>
}

const refused = (message: string) => new ApiError(403, ErrorCode.forbidden, message)
const tooLarge = (limit: number) =>
  new ApiError(413, ErrorCode.invalidRequest, `The file is larger than ${formatBytes(limit)}.`, [{ path: [], message: `At most ${limit} bytes` }])

function formatBytes(n: number): string {
  return n >= 1024 * 1024 && n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MB` : `${n} bytes`
}

/** Creates the embedded storage. Nothing touches the disk until the first upload. */
export function createLocalUploadStorage(options: LocalUploadStorageOptions): LocalUploadStorage {
  const { db, dir, secret, now } = options
  const ttlS = options.ttlS ?? UPLOAD_URL_TTL_S
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES
  const fileOf = (key: string) => path.join(dir, key)

  const forget = async (key: string) => {
    await db.delete(uploads).where(eq(uploads.key, key))
    await rm(`${fileOf(key)}.part`, { force: true })
  }

  return {
    kind: 'local',

    async presign(request: PresignRequest): Promise<PresignedUrlResponse> {
      const key = randomBytes(16).toString('base64url')
      const expiresS = Math.floor(now() / 1000) + ttlS
      const fileName = sanitizeFileName(request.fileName, request.contentType)
      await db.insert(uploads).values({
        key,
        userId: request.userId,
        fileName,
        contentType: request.contentType,
        // Until the upload arrives this is the declared size (the cap for this URL).
        sizeBytes: request.size ?? null,
        expiresAt: new Date(expiresS * 1000),
      })
      const signature = signUpload(secret, { key, contentType: request.contentType, expiresS })
      const query = new URLSearchParams({ expires: String(expiresS), signature })
      return {
        uploadUrl: `${request.origin}${uploadPath(key)}?${query}`,
        fileUrl: `${request.origin}${filePath(key, fileName)}`,
        expiresAt: new Date(expiresS * 1000).toISOString(),
      }
    },

    async receive(upload: IncomingUpload): Promise<number> {
      const expiresS = upload.expires !== undefined && /^\d{1,12}$/.test(upload.expires) ? Number(upload.expires) : Number.NaN
      const contentType = upload.contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
      if (!UPLOAD_KEY_PATTERN.test(upload.key) || !Number.isSafeInteger(expiresS)) throw refused('This upload URL is not valid.')
      if (!verifyUploadSignature(secret, { key: upload.key, contentType, expiresS }, upload.signature)) {
        throw refused('This upload URL is not valid, or the Content-Type is not the one it was issued for.')
      }
      const nowMs = now()
      if (expiresS * 1000 <= nowMs) throw refused('This upload URL has expired. Ask for a new one.')
      const declared = upload.contentLength !== undefined && /^\d+$/.test(upload.contentLength) ? Number(upload.contentLength) : undefined
      if (declared !== undefined && declared > maxBytes) throw tooLarge(maxBytes)

      // The claim: one PUT per URL, whatever happens next.
      const [claim] = await db
        .update(uploads)
        .set({ uploadedAt: new Date(nowMs) })
        .where(and(eq(uploads.key, upload.key), isNull(uploads.uploadedAt), gt(uploads.expiresAt, new Date(nowMs)), eq(uploads.contentType, contentType)))
        .returning({ sizeBytes: uploads.sizeBytes })
      if (claim === undefined) throw refused('This upload URL was already used or has expired. Ask for a new one.')

      try {
        const limit = Math.min(maxBytes, claim.sizeBytes ?? maxBytes)
        if (declared !== undefined && declared > limit) throw tooLarge(limit)
        const bytes = await readCapped(upload.body, limit)
        if (bytes.length === 0) throw new ApiError(400, ErrorCode.invalidRequest, 'The upload is empty.')
        const actual = detectImageType(bytes.subarray(0, SNIFF_BYTES))
        if (actual !== contentType) {
          throw new ApiError(415, ErrorCode.invalidRequest, `The file is not a ${contentType.replace('image/', '').toUpperCase()} image.`, [
            { path: [], message: 'The file contents do not match its content type' },
          ])
        }
        await mkdir(dir, { recursive: true })
        await writeFile(`${fileOf(upload.key)}.part`, bytes, { mode: 0o600 })
        await rename(`${fileOf(upload.key)}.part`, fileOf(upload.key))
        await db.update(uploads).set({ sizeBytes: bytes.length, uploadedAt: new Date(now()) }).where(eq(uploads.key, upload.key))
        return bytes.length
      } catch (error) {
        await forget(upload.key)
        throw error
      }
    },

    async read(key: string, name: string): Promise<StoredFile | undefined> {
      if (!UPLOAD_KEY_PATTERN.test(key)) return undefined
      const [row] = await db
        .select({ fileName: uploads.fileName, contentType: uploads.contentType, uploadedAt: uploads.uploadedAt })
        .from(uploads)
        .where(eq(uploads.key, key))
      if (row === undefined || row.uploadedAt === null || row.fileName !== name) return undefined
      try {
        return { bytes: await readFile(fileOf(key)), contentType: row.contentType, fileName: row.fileName }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
  }
}

/**
 * Reads a request body, refusing it (413) as soon as more than `limit` bytes have arrived, so
 * an oversized upload is never buffered whole.
 */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
  if (body === null) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > limit) {
        await reader.cancel().catch(() => {})
        throw tooLarge(limit)
      }
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  return Buffer.concat(chunks, total)
}
