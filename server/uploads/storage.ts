/**
 * Where uploaded files go (SPEC.md §3 Upload request, §7 `POST /data-storage/get-presigned-url`).
 * Two implementations: the embedded default on local disk under DATA_DIR/uploads
 * (server/uploads/local.ts) and S3-compatible storage when S3_BUCKET is set (server/uploads/s3.ts).
 */
import type { PresignedUrlResponse, UploadContentType } from '../../contract/uploads.ts'

/** A validated request for an upload URL. */
export interface PresignRequest {
  /** The signed-in user asking (recorded with the upload). */
  readonly userId: string
  /** As the browser sent it; the storage sanitises it. */
  readonly fileName: string
  readonly contentType: UploadContentType
  /** Declared size in bytes, when the browser sent one. */
  readonly size?: number | undefined
  /** This server's origin as the request reached it (`http://host:port`), for URLs on this server. */
  readonly origin: string
}

export interface UploadStorage {
  readonly kind: 'local' | 's3'
  /** The origin the browser PUTs to when it is not this server's (S3), for the CSP's connect-src. */
  readonly uploadOrigin?: string
  /** Records the upload and returns where to PUT it and where it will be readable. */
  presign(request: PresignRequest): Promise<PresignedUrlResponse>
}
