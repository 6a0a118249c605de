/**
 * The Language field (src/pages/LanguageSection.tsx) in each state of the language machine:
 * speaking English, loading another language's catalogue, saving the choice on the account, a
 * save that failed (this device only, with 'Try again') and a catalogue that failed to load.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { createActor, fromPromise, type StateValue } from 'xstate'
import { type LanguageContext, languageMachine } from '../machines/language/language.machine.ts'
import { type AppLocale, ENGLISH, type LoadedLanguage } from '../machines/language/languages.ts'
import { LanguageActorProvider } from '../src/i18n/react.tsx'
import { LanguageSection } from '../src/pages/LanguageSection.tsx'

/** A language actor held in `value`, whose calls never settle (the state stays on screen). */
function languageActorIn(value: StateValue, context: Partial<LanguageContext> = {}) {
  const machine = languageMachine.provide({
    actors: { loadLanguage: fromPromise<LoadedLanguage, AppLocale>(() => new Promise(() => {})), saveLanguage: fromPromise<void, AppLocale>(() => new Promise(() => {})) },
  })
  return createActor(machine, {
    input: { language: ENGLISH },
    snapshot: machine.resolveState({ value, context: { language: ENGLISH, requested: null, save: false, loadFailed: false, ...context } }),
  }).start()
}

function Frame({ value, context, children }: { value: StateValue; context?: Partial<LanguageContext>; children: ReactNode }) {
  return (
    <LanguageActorProvider actor={languageActorIn(value, context)}>
      <main style={{ maxWidth: 720, padding: 24 }}>{children}</main>
    </LanguageActorProvider>
  )
}

const meta: Meta = { title: 'Machines/language', parameters: { layout: 'fullscreen' } }
export default meta
type Story = StoryObj

const story = (value: StateValue, context: Partial<LanguageContext> = {}): Story => ({
  render: () => (
    <Frame value={value} context={context}>
      <LanguageSection />
    </Frame>
  ),
  parameters: { machineState: { machine: 'language', state: value } },
})

/** `ready.idle`: the current language chosen, nothing pending. */
export const Idle: Story = story({ ready: 'idle' })
/** `ready.idle` after a catalogue failed to load: the field says so; the language stays. */
export const LoadFailed: Story = story({ ready: 'idle' }, { loadFailed: true })
/** `ready.saving`: the language applies; the account is being updated. */
export const Saving: Story = story({ ready: 'saving' })
/** `ready.saveFailed`: kept on this device only, with 'Try again'. */
export const SaveFailed: Story = story({ ready: 'saveFailed' })
/** `loading`: German's catalogue on its way; the page still speaks English and says it is saving. */
export const Loading: Story = story('loading', { requested: 'de', save: true })
