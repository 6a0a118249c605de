/**
 * Validation at the boundary: run a contract Schema over unknown input and get either the
 * decoded value or every issue as `{ path, message }` (the `issues` of an error body).
 * Used by the server for request bodies and by the browser for form fields.
 */
import { Result, Schema, SchemaGetter, SchemaIssue } from 'effect'
import type { ApiIssue } from './api.ts'

export type Validated<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly issues: ReadonlyArray<ApiIssue> }

/** What an unsafe string is told: PostgreSQL refuses NUL, and an unpaired surrogate is not text. */
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired UTF-16 surrogates'

/** NUL (U+0000), or a surrogate not part of a pair. */
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether `text` holds a NUL or an unpaired surrogate (the rule of {@link unsafeTextIssues}). */
export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text)
}

/**
 * The one text rule of every boundary: each string in `input` (and each object key)
 * holding a NUL or an unpaired surrogate, as an issue at its path. Applied by {@link validate}
 * before the schema, so every field of every request body is covered without repeating the rule
 * in each schema.
 */
export function unsafeTextIssues(input: unknown, path: ReadonlyArray<string | number> = [], out: ApiIssue[] = []): ApiIssue[] {
  if (typeof input === 'string') {
    if (isUnsafeText(input)) out.push({ path: [...path], message: UNSAFE_TEXT_MESSAGE })
  } else if (Array.isArray(input)) {
    input.forEach((item, index) => unsafeTextIssues(item, [...path, index], out))
  } else if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      if (isUnsafeText(key)) out.push({ path: [...path], message: UNSAFE_TEXT_MESSAGE })
      else unsafeTextIssues(value, [...path, key], out)
    }
  }
  return out
}

/**
 * Decodes `input` with `schema`, collecting all issues (not only the first). Text holding a NUL or
 * an unpaired surrogate is refused first, wherever it is ({@link unsafeTextIssues}).
 * Never throws for bad input; throws only if the schema itself is asynchronous.
 */
export function validate<S extends Schema.ConstraintDecoder<unknown>>(schema: S, input: unknown): Validated<S['Type']> {
  const unsafe = unsafeTextIssues(input)
  if (unsafe.length > 0) return { ok: false, issues: unsafe }
  return schemaValidate(schema, input)
}

/** Schema's own messages for an issue tree: one per failing leaf, with its path (the Standard Schema form). */
const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * The schema's own verdict on `input`, every issue with Schema's message for it, without the text
 * rule of {@link validate}: for an answer the server sent (src/api/client.ts), not for what is sent
 * to it. Decoded synchronously (`Schema.decodeUnknownResult`), without the fiber runtime that
 * Schema's Standard Schema adapter runs each call on. Throws only if the schema itself is
 * asynchronous.
 */
export function schemaValidate<S extends Schema.ConstraintDecoder<unknown>>(schema: S, input: unknown): Validated<S['Type']> {
  const result = Schema.decodeUnknownResult(schema, { errors: 'all' })(input)
  if (Result.isSuccess(result)) return { ok: true, value: result.success }
  return {
    ok: false,
    issues: formatIssues(result.failure.issue).issues.map((issue) => ({
      path: (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null ? (p.key as string | number) : (p as string | number))),
      message: issue.message,
    })),
  }
}

/** Groups issues by their first path segment, for showing field errors next to inputs. */
export function fieldErrors(issues: ReadonlyArray<ApiIssue>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_form')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

/**
 * A text field trimmed at decode and then `min`–`max` characters long, its messages naming
 * `field` ("Name is required", "Name must be at most 80 characters").
 */
export const Trimmed = (field: string, min: number, max: number) =>
  Schema.String.pipe(
    Schema.decode({
      decode: SchemaGetter.transform((s: string) => s.trim()),
      encode: SchemaGetter.transform((s: string) => s),
    }),
  ).check(
    Schema.isMinLength(min, { message: min === 1 ? `${field} is required` : `${field} needs at least ${min} characters` }),
    Schema.isMaxLength(max, { message: `${field} must be at most ${max} characters` }),
  )
