/**
 * File uploads (SPEC.md §3 Upload request, §7 `POST /data-storage/get-presigned-url`): the browser
 * asks for a presigned URL, PUTs the bytes to it with the promised content type, then uses
 * `fileUrl` (a bug report's screenshot, an avatar). The spec does not show the response; ours is
 * {@link PresignedUrlResponse}.
 *
 * Only raster images are accepted: PNG, JPEG, WebP and GIF. SVG is refused on purpose: it is an
 * XML document that can carry script and external references, so serving a user's SVG from our
 * origin (or opening it in a tab) is a stored-XSS risk that no size or type check removes.
 */
import { Schema } from 'effect'
import { endpoint } from './endpoint.ts'

/** Content types an upload may have, each with the file extension the stored name gets. */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const
export type UploadContentType = keyof typeof UPLOAD_IMAGE_TYPES
export const UPLOAD_CONTENT_TYPES = Object.keys(UPLOAD_IMAGE_TYPES) as ReadonlyArray<UploadContentType>

/** Largest upload, bytes: 5 MiB (ours; the spec shows no limit). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
/** Lifetime of a presigned upload URL, seconds. */
export const UPLOAD_URL_TTL_S = 300
/** Longest stored file name, characters (before the extension is fixed). */
export const UPLOAD_FILE_NAME_MAX = 100

/** Whether `type` is one of {@link UPLOAD_CONTENT_TYPES} (exact, lower-case, no parameters). */
export function isUploadContentType(type: string): type is UploadContentType {
  return Object.hasOwn(UPLOAD_IMAGE_TYPES, type)
}

/**
 * `POST /data-storage/get-presigned-url` body (SPEC §3 Upload request: fileName, contentType).
 * `size` (ours, optional, bytes) is the file's size when known: the upload must then not be
 * larger, and with S3 storage it is signed into the URL (S3 refuses any other length).
 */
export const PresignedUrlRequest = Schema.Struct({
  fileName: Schema.String.check(
    Schema.isMinLength(1, { message: 'fileName is required' }),
    Schema.isMaxLength(255, { message: 'fileName must be at most 255 characters' }),
  ),
  contentType: Schema.Literals(UPLOAD_CONTENT_TYPES).annotate({ message: 'Only PNG, JPEG, WebP and GIF images can be uploaded' }),
  size: Schema.optional(
    Schema.Number.check(
      Schema.isInt(),
      Schema.isGreaterThanOrEqualTo(1, { message: 'The file is empty' }),
      Schema.isLessThanOrEqualTo(UPLOAD_MAX_BYTES, { message: `The file must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB` }),
    ),
  ),
})
export type PresignedUrlRequest = typeof PresignedUrlRequest.Type

/**
 * The answer (SPEC §7 "data returned as is"): PUT the bytes to `uploadUrl` with the same
 * `Content-Type` before `expiresAt` (ISO 8601), once; the file is then readable at `fileUrl`
 * (absolute http(s), unguessable, readable by whoever has it).
 */
export const PresignedUrlResponse = Schema.Struct({
  uploadUrl: Schema.String,
  fileUrl: Schema.String,
  expiresAt: Schema.String,
})
export type PresignedUrlResponse = typeof PresignedUrlResponse.Type

/**
 * A file name safe to store and show: the last path segment only, Unicode-normalised, anything
 * but letters, digits, `.`, `-` and `_` replaced by `_`, no leading dots, at most
 * {@link UPLOAD_FILE_NAME_MAX} characters, and the extension of `contentType` (so a
 * `photo.html` sent as PNG is stored as `photo.png`). Never empty: `file.<ext>` at worst.
 */
export function sanitizeFileName(raw: string, contentType: UploadContentType): string {
  const base = raw.normalize('NFKC').split(/[/\\]/).pop() ?? ''
  const withoutExt = base.replace(/\.[^.]*$/, '')
  const cleaned = withoutExt
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .replace(/[._]+$/, '')
    .slice(0, UPLOAD_FILE_NAME_MAX)
  return `${cleaned === '' ? 'file' : cleaned}.${UPLOAD_IMAGE_TYPES[contentType]}`
}

/** Whether `raw` is an absolute http: or https: URL of at most 2048 characters. */
export function isHttpUrl(raw: string): boolean {
  if (raw.length > 2048 || /[\u0000-\u001f\u007f\s\\]/.test(raw)) return false
  try {
    const url = new URL(raw)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Endpoint (contract/endpoint.ts)

/**
 * `POST /data-storage/get-presigned-url` (SPEC §7): the bearer alone (uploads belong to the
 * person, not to a workspace), checked before the body; 503 `internal_error` when this server
 * stores no uploads. The signed URL's own PUT, and the embedded storage's files, are not JSON
 * endpoints of the API client.
 */
export const uploadsApi = {
  presignedUrl: endpoint('POST', '/data-storage/get-presigned-url', {
    body: PresignedUrlRequest,
    response: PresignedUrlResponse,
    errors: ['two_factor_required', 'internal_error'],
  }),
}
