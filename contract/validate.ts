/**
 * Validation at the boundary: run a contract Schema over unknown input and get either the
 * decoded value or every issue as `{ path, message }` (the `issues` of an error body).
 * Used by the server for request bodies and by the browser for form fields.
 */
import { Schema } from 'effect'
import type { ApiIssue } from './api.ts'

export type Validated<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly issues: ReadonlyArray<ApiIssue> }

/**
 * Decodes `input` with `schema`, collecting all issues (not only the first).
 * Never throws for bad input; throws only if the schema itself is asynchronous.
 */
export function validate<S extends Schema.ConstraintDecoder<unknown>>(schema: S, input: unknown): Validated<S['Type']> {
  const result = Schema.toStandardSchemaV1(schema)['~standard'].validate(input)
  if (result instanceof Promise) throw new Error('validate: asynchronous schemas are not supported at the boundary')
  if (result.issues) {
    return {
      ok: false,
      issues: result.issues.map((issue) => ({
        path: (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null ? (p.key as string | number) : (p as string | number))),
        message: issue.message,
      })),
    }
  }
  return { ok: true, value: result.value as S['Type'] }
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
