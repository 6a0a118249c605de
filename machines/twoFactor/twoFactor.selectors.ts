/**
 * Selectors over the twoFactor snapshot, for the Security tab and its stories: which
 * panel is on screen, its form, and the recovery codes while they are shown.
 */
import type { SnapshotFrom } from 'xstate'
import type { TwoFactorMachine } from './twoFactor.machine.ts'

export type TwoFactorSnapshot = SnapshotFrom<TwoFactorMachine>

/** The section's panel: one per group of states a person tells apart. */
export type TwoFactorView =
  | 'loading'
  | 'failed'
  | 'off'
  | 'enrolling'
  | 'confirming'
  | 'on'
  | 'regenerateForm'
  | 'disableForm'
  | 'codes'

export function selectTwoFactorView(s: TwoFactorSnapshot): TwoFactorView {
  if (s.matches('loading')) return 'loading'
  if (s.matches('failed')) return 'failed'
  if (s.matches('codes')) return 'codes'
  if (s.matches({ off: 'enrolling' })) return 'enrolling'
  if (s.matches({ off: 'confirming' }) || s.matches({ off: 'confirmingCode' })) return 'confirming'
  if (s.matches('off')) return 'off'
  if (s.matches({ on: 'regenerateForm' }) || s.matches({ on: 'regenerating' })) return 'regenerateForm'
  if (s.matches({ on: 'disableForm' }) || s.matches({ on: 'disabling' })) return 'disableForm'
  return 'on'
}

/** A code is being checked by the server. */
export const selectIsSubmitting = (s: TwoFactorSnapshot): boolean =>
  s.matches({ off: 'confirmingCode' }) || s.matches({ on: 'regenerating' }) || s.matches({ on: 'disabling' })

export const selectStatus = (s: TwoFactorSnapshot) => s.context.status
export const selectLoadError = (s: TwoFactorSnapshot) => s.context.loadError
export const selectEnrolment = (s: TwoFactorSnapshot) => s.context.enrolment
export const selectCode = (s: TwoFactorSnapshot) => s.context.code
export const selectCodeError = (s: TwoFactorSnapshot) => s.context.codeError
export const selectFormError = (s: TwoFactorSnapshot) => s.context.formError
export const selectRecoveryCodes = (s: TwoFactorSnapshot) => s.context.recoveryCodes

/** The secret in groups of four ("ABCD EFGH ..."), easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')
}

/** The .txt a person downloads: a heading line, then one code per line. */
export function recoveryCodesText(codes: ReadonlyArray<string>, email?: string): string {
  const head = `Engage recovery codes${email ? ` for ${email}` : ''}. Each code works once.`
  return `${head}\n\n${codes.join('\n')}\n`
}
