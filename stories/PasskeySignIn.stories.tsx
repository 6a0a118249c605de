/**
 * /signin's 'Sign in with a passkey' (the form around it is the sign-in page's; its alert area
 * shows the error) in each state a person can see, started from a saved state with calls that
 * never answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { SignInResult } from '../machines/auth/auth.machine.ts'
import { PROMPT_CANCELLED_MESSAGE } from '../machines/passkeys/passkeys.errors.ts'
import { passkeySignInMachine } from '../machines/passkeys/passkeySignIn.machine.ts'
import { PasskeySignInButton } from '../src/ui/PasskeySignIn.tsx'
import { FormAlert } from '../src/ui/FormAlert.tsx'
import type { DisplayText } from '../src/i18n/messages.ts'

const meta: Meta = { title: 'Machines/passkeySignIn' }
export default meta
type Story = StoryObj

const pending = <T,>() => new Promise<T>(() => {})

function signInStory(value: StateValue, error: DisplayText | null = null): Story {
  const create = () => {
    const machine = passkeySignInMachine.provide({
      actors: { watchAutofill: fromPromise(() => pending<SignInResult | null>()), signIn: fromPromise(() => pending<SignInResult>()) },
    })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { error } }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'passkeySignIn', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      const busy = value === 'signingIn' || value === 'signedIn'
      return (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 360 }}>
          <FormAlert message={error} />
          <PasskeySignInButton passkey={{ error, busy, signIn: () => actor.send({ type: 'passkey.signIn' }) }} />
        </div>
      )
    },
  }
}

/** watching: the button, and the browser offering passkeys in the email field's suggestions. */
export const SignInWatching = signInStory('watching')
/** idle: the button alone (no autofill in this browser, or the prompt was closed: nothing to say). */
export const SignInIdle = signInStory('idle')
/** idle after a refusal: the reason in the page's alert area. */
export const SignInRefused = signInStory('idle', 'This passkey is not registered with Engage. Sign in another way, then add it.')
/** idle after the prompt was closed with another reason than the person. */
export const SignInPromptClosed = signInStory('idle', PROMPT_CANCELLED_MESSAGE)
/** signingIn: the browser's prompt is open, then the answer is checked. */
export const SignInSigningIn = signInStory('signingIn')
/** signedIn: the auth machine verifies the session; the button stays busy until the page moves on. */
export const SignInSignedIn = signInStory('signedIn')
