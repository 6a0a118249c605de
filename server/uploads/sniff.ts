/**
 * Magic-byte checks for uploaded images: the bytes must be what the content type promised
 * (server/uploads/local.ts refuses a PNG content type whose bytes are not a PNG).
 */
import type { UploadContentType } from '../../contract/uploads.ts'

/** Bytes needed to recognise every accepted type (WebP's RIFF....WEBP header). */
export const SNIFF_BYTES = 12

const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>, offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b)

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/**
 * The image type the first bytes of a file show, or undefined when they are none of PNG, JPEG,
 * WebP or GIF. Only the signature is read; the rest of the file is not parsed.
 */
export function detectImageType(bytes: Uint8Array): UploadContentType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return undefined
}
