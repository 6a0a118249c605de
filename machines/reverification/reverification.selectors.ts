/**
 * Selectors over the reverification snapshot, for the 'Confirm it's you' dialog
 * (src/ui/ReverificationDialog.tsx) and its stories.
 */
import type { SnapshotFrom } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import type { ReverificationMachine, SecretMethod } from './reverification.machine.ts'
// Not from the machine's module: the dialog's host reads `selectIsOpen` from the first load, the machine loads on first need.
import { SECRET_METHODS } from './reverification.methods.ts'

export type ReverificationSnapshot = SnapshotFrom<ReverificationMachine>

/** What the dialog shows: nothing, a loading form, the form, a failed load (Try again), or only a message. */
export type ReverificationView = 'closed' | 'loading' | 'form' | 'loadFailed' | 'noFactor'

export function selectReverificationView(s: ReverificationSnapshot): ReverificationView {
  if (s.matches('idle') || s.matches('verified')) return 'closed'
  if (s.matches({ asking: 'loading' })) return 'loading'
  if (s.matches({ asking: 'loadFailed' })) return 'loadFailed'
  if (s.matches({ asking: 'noFactor' })) return 'noFactor'
  return 'form'
}

/** Whether the dialog is on screen. */
export const selectIsOpen = (s: ReverificationSnapshot): boolean => selectReverificationView(s) !== 'closed'

/** A check is in flight: the form is busy (and the passkey prompt may be open). */
export const selectIsChecking = (s: ReverificationSnapshot): boolean => s.matches('checking')

/** The passkey prompt is open. */
export const selectIsCheckingPasskey = (s: ReverificationSnapshot): boolean => s.matches({ checking: 'passkey' })

/** The tabs the person has, password first. */
export const selectMethods = (s: ReverificationSnapshot): ReadonlyArray<SecretMethod> => SECRET_METHODS.filter((m) => s.context.factors.includes(m))

export const selectMethod = (s: ReverificationSnapshot): SecretMethod => s.context.method

/** What is typed in the open tab. */
export const selectValue = (s: ReverificationSnapshot): string => (s.context.method === 'password' ? s.context.password : s.context.code)

export const selectFieldError = (s: ReverificationSnapshot): string | null => s.context.fieldError
export const selectFormError = (s: ReverificationSnapshot): DisplayText | null => s.context.formError

/** 'Use a passkey' is offered: the person has one and this browser can prompt for it. */
export const selectOffersPasskey = (s: ReverificationSnapshot): boolean => s.context.passkeySupported && s.context.factors.includes('passkey')

/** What the line under the title asks for: the passkey, only a confirmation, the password or a code. */
export type ReverificationInstruction = 'passkey' | 'confirm' | 'password' | 'code'

export function selectInstructionKind(s: ReverificationSnapshot): ReverificationInstruction {
  if (selectMethods(s).length === 0) return selectOffersPasskey(s) ? 'passkey' : 'confirm'
  return s.context.method
}

/** The line under the title in English (the dialog shows reverificationMessages' translation of the same line). */
const INSTRUCTIONS: Readonly<Record<ReverificationInstruction, string>> = {
  passkey: 'For your security, use your passkey to continue.',
  confirm: 'For your security, confirm it’s you to continue.',
  password: 'For your security, enter your password to continue.',
  code: 'For your security, enter a code from your authenticator app, or a recovery code, to continue.',
}

/** The line under the title: what to do in the open tab. */
export function selectInstruction(s: ReverificationSnapshot): string {
  return INSTRUCTIONS[selectInstructionKind(s)]
}
