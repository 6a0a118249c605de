/**
 * The upload storage the configuration asks for: S3 when S3_BUCKET is set, else the embedded
 * local storage under DATA_DIR/uploads with its signing key from `server_secrets`.
 */
import path from 'node:path'
import type { Database } from '../db/client.ts'
import { createLocalUploadStorage, type LocalUploadStorage } from './local.ts'
import { createS3UploadStorage, type S3Settings } from './s3.ts'
import { loadUploadSigningKey } from './signing.ts'
import type { UploadStorage } from './storage.ts'

/**
 * @param config DATA_DIR and the S3 settings of server/config.ts (`ServerConfig`), passed in by
 *   server/main.ts: the configuration sits above the feature folders.
 * @param now clock in ms since the epoch (default `Date.now`).
 */
export async function createUploadStorage(
  db: Database,
  config: { readonly dataDir: string; readonly s3: S3Settings | undefined },
  now: () => number = Date.now,
): Promise<UploadStorage | LocalUploadStorage> {
  if (config.s3 !== undefined) return createS3UploadStorage({ db, settings: config.s3, now })
  return createLocalUploadStorage({ db, dir: path.join(config.dataDir, 'uploads'), secret: await loadUploadSigningKey(db), now })
}
