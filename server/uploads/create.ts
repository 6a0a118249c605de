/**
 * The upload storage the configuration asks for: S3 when S3_BUCKET is set, else the embedded
 * local storage under DATA_DIR/uploads with its signing key from `server_secrets`.
 */
import path from 'node:path'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createLocalUploadStorage, type LocalUploadStorage } from './local.ts'
import { createS3UploadStorage } from './s3.ts'
import { loadUploadSigningKey } from './signing.ts'
import type { UploadStorage } from './storage.ts'

/** @param now clock in ms since the epoch (default `Date.now`). */
export async function createUploadStorage(
  db: Database,
  config: Pick<ServerConfig, 'dataDir' | 's3'>,
  now: () => number = Date.now,
): Promise<UploadStorage | LocalUploadStorage> {
  if (config.s3 !== undefined) return createS3UploadStorage({ db, settings: config.s3, now })
  return createLocalUploadStorage({ db, dir: path.join(config.dataDir, 'uploads'), secret: await loadUploadSigningKey(db), now })
}
