import { describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES, type PresignedUrlRequest } from '../../contract/uploads.ts'
import { ApiError } from './client.ts'
import { UPLOAD_MESSAGES, UploadError, createImageUploader } from './uploads.ts'
import { ENGLISH } from '../i18n/catalogue.ts'
import { createTranslator } from '../i18n/translator.ts'

const english = createTranslator(ENGLISH)

const target = { uploadUrl: 'http://engage.test/api/data-storage/uploads/k?expires=1&signature=s', fileUrl: 'http://engage.test/api/data-storage/files/k/a.png', expiresAt: '2030-01-01T00:00:00.000Z' }

function setup(answer: (init: RequestInit) => Response | Promise<Response> = () => new Response(null, { status: 204 }), presignError?: unknown) {
  const presigned: PresignedUrlRequest[] = []
  const puts: Array<{ url: string; init: RequestInit }> = []
  const upload = createImageUploader({
    getPresignedUrl: async (body) => {
      presigned.push(body)
      if (presignError !== undefined) throw presignError
      return target
    },
    fetch: (async (url: string, init: RequestInit) => {
      puts.push({ url, init })
      return answer(init)
    }) as typeof fetch,
  })
  return { upload, presigned, puts }
}

const png = (size = 10, name = 'shot.png', type = 'image/png') => new File([new Uint8Array(size)], name, { type })

async function failure(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UploadError)
  return error as UploadError
}

describe('createImageUploader', () => {
  it('Scenario: asks for a URL with name, type and size, PUTs the file with its type, answers the file URL', async () => {
    const { upload, presigned, puts } = setup()
    const file = png(10)
    expect(await upload(file)).toBe(target.fileUrl)
    expect(presigned).toEqual([{ fileName: 'shot.png', contentType: 'image/png', size: 10 }])
    expect(puts).toHaveLength(1)
    expect(puts[0]?.url).toBe(target.uploadUrl)
    expect(puts[0]?.init).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: file })
  })

  it('Scenario: an SVG, an empty file and one over 5 MiB fail before any request', async () => {
    const { upload, presigned } = setup()
    expect((await failure(upload(png(10, 'a.svg', 'image/svg+xml')))).reason).toBe('unsupported_type')
    expect((await failure(upload(png(0)))).reason).toBe('bad_size')
    expect(english.text((await failure(upload(png(UPLOAD_MAX_BYTES + 1)))).display)).toBe('Choose an image of at most 5 MB.')
    expect(presigned).toEqual([])
  })

  it('Scenario: each reason reads in the person’s language', async () => {
    const { loadLanguage } = await import('../i18n/catalogue.ts')
    const german = createTranslator(await loadLanguage('de'))
    const failed = await failure(setup(() => new Response(null, { status: 500 })).upload(png()))
    expect(english.text(failed.display)).toBe('The image could not be uploaded. Please try again.')
    expect(german.text(failed.display)).not.toBe(english.text(failed.display))
    expect(german.text(UPLOAD_MESSAGES.bad_size)).toContain('5')
  })

  it('Scenario: the server’s refusals become reasons a person can act on', async () => {
    expect((await failure(setup(undefined, new ApiError(401, 'session_expired', 'x')).upload(png()))).reason).toBe('signed_out')
    expect((await failure(setup(undefined, new ApiError(0, 'network_error', 'x')).upload(png()))).reason).toBe('failed')
    expect((await failure(setup(() => new Response(null, { status: 415 })).upload(png()))).reason).toBe('unsupported_type')
    expect((await failure(setup(() => new Response(null, { status: 413 })).upload(png()))).reason).toBe('bad_size')
    expect((await failure(setup(() => new Response(null, { status: 403 })).upload(png()))).display).toBe(UPLOAD_MESSAGES.failed)
    // A refusal the server explains (400) shows the server's words.
    expect((await failure(setup(undefined, new ApiError(400, 'invalid_request', 'File name is too long')).upload(png()))).display).toBe('File name is too long')
    expect((await failure(setup(() => Promise.reject(new TypeError('fetch failed'))).upload(png()))).reason).toBe('failed')
  })
})
