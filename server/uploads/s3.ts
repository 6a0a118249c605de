/**
 * S3-compatible upload storage, used when S3_BUCKET is set (server/config.ts): the URL is a
 * SigV4-presigned `PutObject` made by `@aws-sdk/s3-request-presigner`, which needs no network.
 * Credentials come from the AWS SDK's standard chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN, AWS_PROFILE, instance roles...).
 *
 * What S3 enforces for us: the expiry, the `Content-Type` (signed, so any other type is refused),
 * and, when the browser declared the size, the exact `Content-Length` (signed too). What it
 * cannot: the magic bytes, and the size of an upload whose size was not declared; keep a bucket
 * policy or lifecycle rule for that (docs/api.md). A presigned PUT can be replayed until it
 * expires; each replay overwrites the same key with the same signed type and size.
 */
import { randomBytes } from 'node:crypto'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { UPLOAD_URL_TTL_S, sanitizeFileName, type PresignedUrlResponse } from '../../contract/uploads.ts'
import type { Database } from '../db/client.ts'
import { uploads } from '../db/schema.ts'
import type { PresignRequest, UploadStorage } from './storage.ts'

/** S3 settings from the configuration (S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_PUBLIC_URL). */
export interface S3Settings {
  readonly bucket: string
  readonly region: string
  /** A custom endpoint (MinIO, R2...), addressed path-style; undefined for AWS. */
  readonly endpoint: string | undefined
  /** Base URL files are read from (a CDN, a public bucket URL); derived when undefined. */
  readonly publicUrl: string | undefined
}

export interface S3UploadStorageOptions {
  readonly db: Database
  readonly settings: S3Settings
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** Defaults to a client on the standard credential chain; tests pass one with fixed credentials. */
  readonly client?: S3Client
  /** URL lifetime, seconds; default {@link UPLOAD_URL_TTL_S}. */
  readonly ttlS?: number
}

/** The S3 client the settings describe (credentials from the standard AWS chain). */
export function s3ClientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint, forcePathStyle: true }),
  })
}

/** Where an object is read from: S3_PUBLIC_URL, else the endpoint path-style, else the AWS virtual-host URL. */
export function publicObjectUrl(settings: S3Settings, key: string): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/')
  if (settings.publicUrl !== undefined) return `${settings.publicUrl.replace(/\/+$/, '')}/${encoded}`
  if (settings.endpoint !== undefined) return `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/${encoded}`
  return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com/${encoded}`
}

/**
 * The origin presigned URLs point at: the endpoint's, else the bucket's virtual-host origin on AWS
 * (the SDK uses it for DNS-compatible bucket names without dots).
 */
export function uploadOriginOf(settings: S3Settings): string {
  return settings.endpoint !== undefined ? new URL(settings.endpoint).origin : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`
}

/** Creates the S3 storage. Signing happens locally; nothing is sent to S3 by this server. */
export function createS3UploadStorage(options: S3UploadStorageOptions): UploadStorage {
  const { db, settings, now } = options
  const ttlS = options.ttlS ?? UPLOAD_URL_TTL_S
  const client = options.client ?? s3ClientFor(settings)
  return {
    kind: 's3',
    uploadOrigin: uploadOriginOf(settings),
    async presign(request: PresignRequest): Promise<PresignedUrlResponse> {
      const id = randomBytes(16).toString('base64url')
      const fileName = sanitizeFileName(request.fileName, request.contentType)
      const key = `uploads/${id}/${fileName}`
      const nowMs = now()
      const expiresS = Math.floor(nowMs / 1000) + ttlS
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        ContentType: request.contentType,
        ...(request.size === undefined ? {} : { ContentLength: request.size }),
      })
      const uploadUrl = await getSignedUrl(client, command, {
        expiresIn: ttlS,
        signingDate: new Date(nowMs),
        // The presigner leaves content-type unsigned by default; signing it makes S3 refuse any other type.
        signableHeaders: new Set(['content-type', ...(request.size === undefined ? [] : ['content-length'])]),
      })
      await db.insert(uploads).values({
        key,
        userId: request.userId,
        fileName,
        contentType: request.contentType,
        sizeBytes: request.size ?? null,
        expiresAt: new Date(expiresS * 1000),
      })
      return { uploadUrl, fileUrl: publicObjectUrl(settings, key), expiresAt: new Date(expiresS * 1000).toISOString() }
    },
  }
}
