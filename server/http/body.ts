/**
 * Reading request bodies at the boundary: JSON only, decoded with the contract Schema, every
 * issue reported at once (contract `validate`). Requiring `Content-Type: application/json` also
 * keeps cross-site HTML forms (which cannot send that type without a CORS preflight) from
 * posting to the API.
 */
import type { Context } from 'hono'
import type { Schema } from 'effect'
import { validate } from '../../contract/validate.ts'
import { invalidRequest } from './errors.ts'

/**
 * Parses and validates the JSON body of `c` with `schema`.
 * @returns the decoded value (e.g. emails trimmed and lower-cased by the contract).
 * @throws ApiError 400 `invalid_request` for a non-JSON content type, malformed JSON, or a body
 *   that fails the schema (with every issue).
 */
export async function readBody<S extends Schema.ConstraintDecoder<unknown>>(c: Context, schema: S): Promise<S['Type']> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw invalidRequest('Send the body as JSON with Content-Type: application/json.', [
      { path: [], message: 'Content-Type must be application/json' },
    ])
  }
  let input: unknown
  try {
    input = JSON.parse(await c.req.text())
  } catch {
    throw invalidRequest('The request body is not valid JSON.', [{ path: [], message: 'Malformed JSON' }])
  }
  const result = validate(schema, input)
  if (!result.ok) throw invalidRequest('The request body is invalid.', result.issues)
  return result.value
}

/**
 * Like {@link readBody} for endpoints whose body is optional: a request without a body (or with
 * an empty or whitespace-only one) decodes as `{}` whatever its Content-Type; any other body must
 * be JSON that passes `schema`, exactly as with `readBody`.
 * @throws ApiError 400 `invalid_request` as `readBody` does, for a body that is present.
 */
export async function readOptionalBody<S extends Schema.ConstraintDecoder<unknown>>(c: Context, schema: S): Promise<S['Type']> {
  // Hono caches the text, so readBody can read it again below.
  const text = await c.req.text()
  const result = text.trim() === '' ? validate(schema, {}) : undefined
  if (result === undefined) return readBody(c, schema)
  if (!result.ok) throw invalidRequest('The request body is invalid.', result.issues)
  return result.value
}
