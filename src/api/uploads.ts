/**
 * Uploading an image through a presigned URL (SPEC.md §3 Upload request, §7
 * `POST /data-storage/get-presigned-url`): ask the API for a URL, PUT the bytes there with the
 * file's content type, answer the URL the file is readable at. Used by the bug-report screenshot
 * and the profile avatar.
 *
 *     const uploadImage = createImageUploader(useApi())
 *     const fileUrl = await uploadImage(file) // rejects with UploadError
 *
 * Only PNG, JPEG, WebP and GIF up to 5 MiB are accepted (contract/uploads.ts); those rules are
 * checked here first so a wrong file fails at once, and again by the server.
 */
import { UPLOAD_MAX_BYTES, isUploadContentType, type PresignedUrlRequest, type PresignedUrlResponse } from '../../contract/uploads.ts'
import { ApiError } from './client.ts'
import { localized, type DisplayText, type LocalizedText } from '../../contract/messages.ts'
import { uploadsMessages } from '../../contract/uploads.messages.ts'

/** Why an upload failed; each comes with a message a person can act on. */
export type UploadFailure =
  /** Not a PNG, JPEG, WebP or GIF (an SVG included). */
  | 'unsupported_type'
  /** Larger than 5 MiB, or empty. */
  | 'bad_size'
  /** No session: uploads need a signed-in user. */
  | 'signed_out'
  /** The server or the storage refused or could not be reached. */
  | 'failed'

/**
 * The only error `uploadImage` rejects with. `display` is meant for people, in their language
 * (a machine shows it through `displayOf`, machines/shared/failure.ts); `message` names the reason for logs.
 */
export class UploadError extends Error {
  override readonly name = 'UploadError'
  constructor(
    readonly reason: UploadFailure,
    readonly display: DisplayText = UPLOAD_MESSAGES[reason],
  ) {
    super(`image upload failed: ${reason}`)
  }
}

/** Each failure's words (English in the source, translated where shown). */
export const UPLOAD_MESSAGES: Readonly<Record<UploadFailure, LocalizedText>> = {
  unsupported_type: localized(uploadsMessages.unsupportedType),
  bad_size: localized(uploadsMessages.badSize, { megabytes: UPLOAD_MAX_BYTES / 1024 / 1024 }),
  signed_out: localized(uploadsMessages.signedOut),
  failed: localized(uploadsMessages.failed),
}

/** What the uploader needs: the presign call (src/api/endpoints.ts) and `fetch` for the PUT. */
export interface ImageUploaderDeps {
  readonly getPresignedUrl: (body: PresignedUrlRequest) => Promise<PresignedUrlResponse>
  readonly fetch?: typeof fetch
}

/**
 * Makes `uploadImage(file) → Promise<fileUrl>` (an absolute http(s) URL).
 * @throws UploadError (reason `unsupported_type`, `bad_size`, `signed_out` or `failed`).
 */
export function createImageUploader(deps: ImageUploaderDeps): (file: File) => Promise<string> {
  return async function uploadImage(file: File): Promise<string> {
    const contentType = file.type.toLowerCase()
    if (!isUploadContentType(contentType)) throw new UploadError('unsupported_type')
    if (file.size === 0 || file.size > UPLOAD_MAX_BYTES) throw new UploadError('bad_size')
    let target: PresignedUrlResponse
    try {
      target = await deps.getPresignedUrl({ fileName: file.name || 'image', contentType, size: file.size })
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw new UploadError('signed_out')
      throw new UploadError('failed', error instanceof ApiError && error.status === 400 ? error.message : UPLOAD_MESSAGES.failed)
    }
    let response: Response
    try {
      response = await (deps.fetch ?? fetch)(target.uploadUrl, { method: 'PUT', headers: { 'Content-Type': contentType }, body: file })
    } catch {
      throw new UploadError('failed')
    }
    if (response.status === 413) throw new UploadError('bad_size')
    if (response.status === 415) throw new UploadError('unsupported_type')
    if (!response.ok) throw new UploadError('failed')
    return target.fileUrl
  }
}
