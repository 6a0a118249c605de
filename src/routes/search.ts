/**
 * /signin search params (SPEC.md §2.1 `main_app`, `app_path`), validated with effect Schema. The
 * router parses `main_app=true` as a boolean; a malformed value is dropped (the page still works)
 * rather than failing the route.
 */
import { Schema } from 'effect'
import { validate } from '../../contract/validate.ts'

const SignInSearch = Schema.Struct({
  main_app: Schema.optional(Schema.Union([Schema.Boolean, Schema.String])),
  app_path: Schema.optional(Schema.String),
})
export type SignInSearch = typeof SignInSearch.Type

/** The router's `validateSearch` for /signin: the valid params, never throws. */
export function validateSignInSearch(raw: Record<string, unknown>): SignInSearch {
  const result = validate(SignInSearch, raw)
  if (result.ok) return { main_app: result.value.main_app, app_path: result.value.app_path }
  return { main_app: validate(SignInSearch, { main_app: raw.main_app }).ok ? (raw.main_app as SignInSearch['main_app']) : undefined }
}
