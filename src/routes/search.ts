/**
 * /signin search params (SPEC.md §2.1 `main_app`, `app_path`), validated with effect Schema. The
 * router parses `main_app=true` as a boolean; a malformed value is dropped (the page still works)
 * rather than failing the route.
 */
import { Schema } from 'effect'
import { validate } from '../../contract/validate.ts'
import { SignUpPlan } from '../../contract/workspaces.ts'

const SignInSearch = Schema.Struct({
  main_app: Schema.optional(Schema.Union([Schema.Boolean, Schema.String])),
  app_path: Schema.optional(Schema.String),
  /** Why single sign-on came back to /signin: a reason of contract/sso.ts `SSO_ERROR_MESSAGES` (the page shows nothing for another). */
  sso_error: Schema.optional(Schema.String.check(Schema.isPattern(/^[a-z_]{1,40}$/))),
  /** /signup: the plan /pricing's call to action chose (contract `SignUpPlan`); another value is dropped. */
  plan: Schema.optional(SignUpPlan),
})
export type SignInSearch = typeof SignInSearch.Type

/** The router's `validateSearch` for /signin: the valid params, never throws. */
export function validateSignInSearch(raw: Record<string, unknown>): SignInSearch {
  const result = validate(SignInSearch, raw)
  const sso = validate(SignInSearch, 'sso_error' in raw ? { sso_error: raw.sso_error } : {})
  const sso_error = sso.ok ? sso.value.sso_error : undefined
  const chosen = validate(SignInSearch, 'plan' in raw ? { plan: raw.plan } : {})
  const plan = chosen.ok ? chosen.value.plan : undefined
  const extra = { ...(sso_error === undefined ? {} : { sso_error }), ...(plan === undefined ? {} : { plan }) }
  if (result.ok) return { main_app: result.value.main_app, app_path: result.value.app_path, ...extra }
  return {
    main_app: validate(SignInSearch, { main_app: raw.main_app }).ok ? (raw.main_app as SignInSearch['main_app']) : undefined,
    ...extra,
  }
}
